import {
  demoAuthenticateBodySchema,
  demoCardBodySchema,
  demoConfirmBodySchema,
  demoIntentStateResponseSchema,
  demoPaymentMethodResponseSchema,
} from '@tokenly/contract/checkout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { DemoGateway } from './demo-gateway';

const tags = ['payments: demo gateway'];

/** The browser side of the demo gateway: what Stripe.js does against Stripe, without any network. */
export const demoGatewayRoutes: FastifyPluginAsyncZod<{ demo: DemoGateway }> = async (app, { demo }) => {
  app.route({
    ...endpoint('demoPaymentMethod'),
    onRequest: app.requireRole('user'),
    schema: {
      tags,
      summary:
        "Demo: check a Stripe test card and keep it as a payment method (Stripe's createPaymentMethod)",
      body: demoCardBodySchema,
      response: { 200: demoPaymentMethodResponseSchema },
    },
    handler: async (request) => ({
      data: await demo.createPaymentMethod(currentSession(request).user.id, request.body),
    }),
  });

  app.route({
    ...endpoint('demoConfirmCardPayment'),
    onRequest: app.requireRole('user'),
    schema: {
      tags,
      summary: "Demo: charge an own payment intent with a card (Stripe's confirmCardPayment)",
      body: demoConfirmBodySchema,
      response: { 200: demoIntentStateResponseSchema },
    },
    handler: async (request) => ({
      data: await demo.confirmCardPayment(
        currentSession(request).user.id,
        request.body.client_secret,
        request.body.payment_method,
      ),
    }),
  });

  app.route({
    ...endpoint('demoAuthenticate'),
    onRequest: app.requireRole('user'),
    schema: {
      tags,
      summary: 'Demo: approve or fail the 3-D Secure step of an own payment',
      body: demoAuthenticateBodySchema,
      response: { 200: demoIntentStateResponseSchema },
    },
    handler: async (request) => ({
      data: await demo.authenticate(
        currentSession(request).user.id,
        request.body.client_secret,
        request.body.approve,
      ),
    }),
  });
};
