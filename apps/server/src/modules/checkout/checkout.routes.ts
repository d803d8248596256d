import { CHECKOUT_MESSAGES } from '@tokenly/contract/checkout';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { FailureLimiter } from '../../plugins/rate-limit';
import { isPromoCodeRefusal } from '../promo-codes/promo-codes-service';
import type { CheckoutService } from './checkout-service';

const learner = (request: FastifyRequest) => ({ userId: currentSession(request).user.id, admin: false });
const administrator = (request: FastifyRequest) => ({ userId: currentSession(request).user.id, admin: true });

/** SPEC.md section 4 reads `status` and `client_secret` at the top of the subscription answers. */
const withTopLevelStatus = <T extends { status: 'success' | 'incomplete'; client_secret: string | null }>(
  data: T,
) => ({ status: data.status, client_secret: data.client_secret, data });

/**
 * With a code, a wrong amount counts as a guess too: the refusal names the discounted price, which would
 * tell a guesser the code exists. The app's own checkout always sends the amount its quote gave.
 */
const isCodedCheckoutRefusal = (error: unknown) =>
  isPromoCodeRefusal(error) || (error instanceof AppError && error.fieldErrors?.amount !== undefined);

export const checkoutRoutes: FastifyPluginAsyncZod<{
  checkout: CheckoutService;
  codeGuesses: FailureLimiter;
}> = async (app, { checkout, codeGuesses }) => {
  app.route({
    ...endpoint('paymentConfig'),
    handler: async () => ({ data: checkout.config() }),
  });

  app.route({
    ...endpoint('paymentIntent'),
    handler: async (request) => {
      const start = () => checkout.createIntent(currentSession(request).user, request.body);
      // A code sent here is a guess too, counted with "Have a code?" and gift codes.
      const data =
        request.body.promo_code === undefined
          ? await start()
          : await codeGuesses(request, start, isCodedCheckoutRefusal);
      return { clientSecret: data.clientSecret, data };
    },
  });

  app.route({
    ...endpoint('oneTimePayment'),
    handler: async (request) => ({
      status: 'success' as const,
      message: CHECKOUT_MESSAGES.oneTimeSuccess,
      data: await checkout.recordOneTimePayment(currentSession(request).user.id, request.body),
    }),
  });

  app.route({
    ...endpoint('subscription'),
    handler: async (request) =>
      withTopLevelStatus(await checkout.subscribe(currentSession(request).user, request.body)),
  });

  app.route({
    ...endpoint('confirmSubscription'),
    handler: async (request) =>
      withTopLevelStatus(
        await checkout.confirmSubscription(currentSession(request).user.id, request.params.id),
      ),
  });

  app.route({
    ...endpoint('userSubscriptions'),
    handler: async (request) => ({ data: await checkout.listSubscriptions(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('cancelSubscription'),
    handler: async (request) => ({
      data: await checkout.cancelSubscription(learner(request), request.params.id),
    }),
  });

  app.route({
    ...endpoint('updateSubscriptionCard'),
    handler: async (request) => ({
      data: await checkout.updateCard(currentSession(request).user, request.params.id, request.body),
    }),
  });

  app.route({
    ...endpoint('pauseSubscription'),
    handler: async (request) => ({
      data: await checkout.pause(learner(request), request.params.id, request.body.months),
    }),
  });

  app.route({
    ...endpoint('resumeSubscription'),
    handler: async (request) => ({ data: await checkout.resume(learner(request), request.params.id) }),
  });

  // The administrator's: the reason goes to the audit log with the call.
  app.route({
    ...endpoint('adminPauseSubscription'),
    handler: async (request) => ({
      data: await checkout.pause(
        administrator(request),
        request.params.id,
        request.body.months,
        request.body.reason,
      ),
    }),
  });

  app.route({
    ...endpoint('adminResumeSubscription'),
    handler: async (request) => ({ data: await checkout.resume(administrator(request), request.params.id) }),
  });

  app.route({
    ...endpoint('userPayments'),
    handler: async (request) => ({
      data: await checkout.listPayments(currentSession(request).user.id, request.query.page),
    }),
  });
};
