import { idParamSchema, pageQuerySchema } from '@tokenly/contract/common';
import { paymentPageResponseSchema, paymentReceiptResponseSchema } from '@tokenly/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
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

  app.route({
    ...endpoint('userPaymentReceipt'),
    schema: {
      params: idParamSchema,
      response: { 200: paymentReceiptResponseSchema },
    },
    onRequest: app.requireRole('user'),
    handler: async (request) => ({
      data: await payments.receipt(currentSession(request).user.id, request.params.id),
    }),
  });
};
