import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { RefundService } from './refunds-service';

export const refundsRoutes: FastifyPluginAsyncZod<{ refunds: RefundService }> = async (app, { refunds }) => {
  app.route({
    ...endpoint('adminPaymentRefundPreview'),
    handler: async (request) => ({ data: await refunds.preview(request.params.id) }),
  });

  app.route({
    ...endpoint('adminPaymentRefund'),
    handler: async (request) => ({
      data: await refunds.refund(currentSession(request).user.id, request.params.id, request.body),
    }),
  });
};
