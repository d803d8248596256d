import { idParamSchema } from '@tokenly/contract/common';
import {
  adminPaymentPageResponseSchema,
  adminPaymentsQuerySchema,
  paymentFiltersSchema,
  paymentReceiptResponseSchema,
} from '@tokenly/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv';
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
      querystring: adminPaymentsQuerySchema,
      response: { 200: adminPaymentPageResponseSchema },
    },
    onRequest: app.requireRole('admin'),
    handler: async (request) => {
      const { page, ...filters } = request.query;
      return { data: await payments.list(page, filters) };
    },
  });

  app.route({
    ...endpoint('adminPaymentsCsv'),
    schema: { querystring: paymentFiltersSchema, response: { 200: z.string() } },
    onRequest: app.requireRole('admin'),
    handler: async (request, reply) => sendCsv(reply, await payments.exportCsv(request.query)),
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
