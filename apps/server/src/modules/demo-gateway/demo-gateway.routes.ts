import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { DemoGateway } from './demo-gateway';

/** The browser side of the demo gateway: what Stripe.js does against Stripe, without any network. */
export const demoGatewayRoutes: FastifyPluginAsyncZod<{ demo: DemoGateway }> = async (app, { demo }) => {
  app.route({
    ...endpoint('demoPaymentMethod'),
    handler: async (request) => ({
      data: await demo.createPaymentMethod(currentSession(request).user.id, request.body),
    }),
  });

  app.route({
    ...endpoint('demoConfirmCardPayment'),
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
    handler: async (request) => ({
      data: await demo.authenticate(
        currentSession(request).user.id,
        request.body.client_secret,
        request.body.approve,
      ),
    }),
  });
};
