import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { endpoint } from '../../lib/endpoint';
import { GatewaySignatureError, type PaymentGateway } from '../payment-gateways/payment-gateway';
import type { CheckoutService } from './checkout-service';

/**
 * POST /api/stripe/webhook. The signature covers the exact bytes sent, so this plugin keeps JSON bodies
 * raw; only the verified event's id, type and object id are used, and the object is read again.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  checkout: CheckoutService;
  gateway: PaymentGateway;
}> = async (app, { checkout, gateway }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.route({
    ...endpoint('stripeWebhook'),
    handler: async (request) => {
      const signature = request.headers['stripe-signature'];
      let event: ReturnType<PaymentGateway['verifyWebhook']>;
      try {
        if (!Buffer.isBuffer(request.body))
          throw new GatewaySignatureError('Send the event as application/json.');
        event = gateway.verifyWebhook(request.body, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (error instanceof GatewaySignatureError)
          throw new AppError('BAD_REQUEST', `Webhook refused: ${error.message}`);
        throw error;
      }
      try {
        const { duplicate } = await checkout.handleEvent(event);
        return { received: true as const, duplicate };
      } catch (error) {
        // Not recorded as applied, so Stripe's retry will apply it once we can reach the gateway again.
        request.log.error({ err: error, eventId: event.id }, 'webhook event could not be applied');
        throw new AppError('SERVICE_UNAVAILABLE', 'The event could not be applied now; retry later.');
      }
    },
  });
};
