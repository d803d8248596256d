import { pageQuerySchema } from '@tokenly/contract/common';
import { paymentPageResponseSchema } from '@tokenly/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { PaymentsService } from './payments-service';

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.route({
    ...endpoint('adminPayments'),
    schema: {
      querystring: pageQuerySchema,
      response: { 200: paymentPageResponseSchema },
    },
    onRequest: app.requireRole('admin'),
    handler: async (request) => ({ data: await payments.list(request.query.page) }),
  });
};
