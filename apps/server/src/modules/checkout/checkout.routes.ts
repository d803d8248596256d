import {
  adminPauseSubscriptionBodySchema,
  adminResumeSubscriptionBodySchema,
  CHECKOUT_MESSAGES,
  oneTimePaymentBodySchema,
  oneTimePaymentResponseSchema,
  pauseSubscriptionBodySchema,
  paymentConfigResponseSchema,
  paymentIntentBodySchema,
  paymentIntentResponseSchema,
  subscriptionBodySchema,
  subscriptionResponseSchema,
  updateSubscriptionCardBodySchema,
  userPaymentPageResponseSchema,
  userSubscriptionListResponseSchema,
  userSubscriptionResponseSchema,
} from '@tokenly/contract/checkout';
import { idParamSchema, pageQuerySchema } from '@tokenly/contract/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

export const checkoutRoutes: FastifyPluginAsyncZod<{
  checkout: CheckoutService;
  codeGuesses: FailureLimiter;
}> = async (app, { checkout, codeGuesses }) => {
  app.route({
    ...endpoint('paymentConfig'),
    schema: {
      response: { 200: paymentConfigResponseSchema },
    },
    handler: async () => ({ data: checkout.config() }),
  });

  app.route({
    ...endpoint('paymentIntent'),
    onRequest: app.requireRole('user'),
    schema: {
      body: paymentIntentBodySchema,
      response: { 200: paymentIntentResponseSchema },
    },
    handler: async (request) => {
      const start = () => checkout.createIntent(currentSession(request).user, request.body);
      // A code sent here is a guess too, counted with "Have a code?" and gift codes.
      const data =
        request.body.promo_code === undefined
          ? await start()
          : await codeGuesses(request, start, isPromoCodeRefusal);
      return { clientSecret: data.clientSecret, data };
    },
  });

  app.route({
    ...endpoint('oneTimePayment'),
    onRequest: app.requireRole('user'),
    schema: {
      body: oneTimePaymentBodySchema,
      response: { 200: oneTimePaymentResponseSchema },
    },
    handler: async (request) => ({
      status: 'success' as const,
      message: CHECKOUT_MESSAGES.oneTimeSuccess,
      data: await checkout.recordOneTimePayment(currentSession(request).user.id, request.body),
    }),
  });

  app.route({
    ...endpoint('subscription'),
    onRequest: app.requireRole('user'),
    schema: {
      body: subscriptionBodySchema,
      response: { 200: subscriptionResponseSchema },
    },
    handler: async (request) =>
      withTopLevelStatus(await checkout.subscribe(currentSession(request).user, request.body)),
  });

  app.route({
    ...endpoint('confirmSubscription'),
    onRequest: app.requireRole('user'),
    schema: {
      params: idParamSchema,
      response: { 200: subscriptionResponseSchema },
    },
    handler: async (request) =>
      withTopLevelStatus(
        await checkout.confirmSubscription(currentSession(request).user.id, request.params.id),
      ),
  });

  app.route({
    ...endpoint('userSubscriptions'),
    onRequest: app.requireRole('user'),
    schema: {
      response: { 200: userSubscriptionListResponseSchema },
    },
    handler: async (request) => ({ data: await checkout.listSubscriptions(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('cancelSubscription'),
    onRequest: app.requireRole('user'),
    schema: {
      params: idParamSchema,
      response: { 200: userSubscriptionResponseSchema },
    },
    handler: async (request) => ({
      data: await checkout.cancelSubscription(learner(request), request.params.id),
    }),
  });

  app.route({
    ...endpoint('updateSubscriptionCard'),
    onRequest: app.requireRole('user'),
    schema: {
      params: idParamSchema,
      body: updateSubscriptionCardBodySchema,
      response: { 200: userSubscriptionResponseSchema },
    },
    handler: async (request) => ({
      data: await checkout.updateCard(currentSession(request).user, request.params.id, request.body),
    }),
  });

  app.route({
    ...endpoint('pauseSubscription'),
    onRequest: app.requireRole('user'),
    schema: {
      params: idParamSchema,
      body: pauseSubscriptionBodySchema,
      response: { 200: userSubscriptionResponseSchema },
    },
    handler: async (request) => ({
      data: await checkout.pause(learner(request), request.params.id, request.body.months),
    }),
  });

  app.route({
    ...endpoint('resumeSubscription'),
    onRequest: app.requireRole('user'),
    schema: { params: idParamSchema, response: { 200: userSubscriptionResponseSchema } },
    handler: async (request) => ({ data: await checkout.resume(learner(request), request.params.id) }),
  });

  // The administrator's: the reason goes to the audit log with the call.
  app.route({
    ...endpoint('adminPauseSubscription'),
    onRequest: app.requireRole('admin'),
    schema: {
      params: idParamSchema,
      body: adminPauseSubscriptionBodySchema,
      response: { 200: userSubscriptionResponseSchema },
    },
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
    onRequest: app.requireRole('admin'),
    schema: {
      params: idParamSchema,
      body: adminResumeSubscriptionBodySchema,
      response: { 200: userSubscriptionResponseSchema },
    },
    handler: async (request) => ({ data: await checkout.resume(administrator(request), request.params.id) }),
  });

  app.route({
    ...endpoint('userPayments'),
    onRequest: app.requireRole('user'),
    schema: {
      querystring: pageQuerySchema,
      response: { 200: userPaymentPageResponseSchema },
    },
    handler: async (request) => ({
      data: await checkout.listPayments(currentSession(request).user.id, request.query.page),
    }),
  });
};
