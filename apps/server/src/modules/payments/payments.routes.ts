import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
    handler: async (request) => {
      const { page, ...filters } = request.query;
      return { data: await payments.list(page, filters) };
    },
  });

  app.route({
    ...endpoint('adminPaymentsCsv'),
    handler: async (request, reply) => sendCsv(reply, await payments.exportCsv(request.query)),
  });

  app.route({
    ...endpoint('userPaymentReceipt'),
    handler: async (request) => ({
      data: await payments.receipt(currentSession(request).user.id, request.params.id),
    }),
  });
};
