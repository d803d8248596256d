import { idParamSchema } from '@tokenly/contract/common';
import {
  refundBodySchema,
  refundPreviewResponseSchema,
  refundResponseSchema,
} from '@tokenly/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { RefundService } from './refunds-service';

export const refundsRoutes: FastifyPluginAsyncZod<{ refunds: RefundService }> = async (app, { refunds }) => {
  const onRequest = app.requireRole('admin');

  app.route({
    ...endpoint('adminPaymentRefundPreview'),
    schema: { params: idParamSchema, response: { 200: refundPreviewResponseSchema } },
    onRequest,
    handler: async (request) => ({ data: await refunds.preview(request.params.id) }),
  });

  app.route({
    ...endpoint('adminPaymentRefund'),
    schema: { params: idParamSchema, body: refundBodySchema, response: { 200: refundResponseSchema } },
    onRequest,
    handler: async (request) => ({
      data: await refunds.refund(currentSession(request).user.id, request.params.id, request.body),
    }),
  });
};
