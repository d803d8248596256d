import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { CheckoutService } from './checkout-service';
import type { MembershipChanges } from './membership-changes';

/** Changing a membership's plan, and the administrator's subscriptions list and cancel. */
export const membershipRoutes: FastifyPluginAsyncZod<{
  checkout: CheckoutService;
  memberships: MembershipChanges;
}> = async (app, { checkout, memberships }) => {
  app.route({
    ...endpoint('planChangePreview'),
    handler: async (request) => ({
      data: await memberships.preview(
        currentSession(request).user.id,
        request.params.id,
        request.query.user_credit_token_id,
      ),
    }),
  });

  app.route({
    ...endpoint('changeSubscriptionPlan'),
    handler: async (request) => ({
      data: await memberships.change(currentSession(request).user.id, request.params.id, request.body),
    }),
  });

  app.route({
    ...endpoint('adminSubscriptions'),
    handler: async (request) => ({ data: await memberships.listForAdmin(request.query) }),
  });

  // The reason goes to the audit log with the call.
  app.route({
    ...endpoint('adminCancelSubscription'),
    handler: async (request) => ({
      data: await checkout.cancelSubscription(
        { userId: currentSession(request).user.id, admin: true },
        request.params.id,
      ),
    }),
  });
};
