import { idParamSchema, pageQuerySchema } from '@tokenly/contract/common';
import { outboxMailResponseSchema, outboxPageResponseSchema } from '@tokenly/contract/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { OutboxService } from './outbox-service';

export const outboxRoutes: FastifyPluginAsyncZod<{ outbox: OutboxService }> = async (app, { outbox }) => {
  app.route({
    ...endpoint('adminMailOutbox'),
    schema: { querystring: pageQuerySchema, response: { 200: outboxPageResponseSchema } },
    onRequest: app.requireRole('admin'),
    handler: async (request) => ({ data: await outbox.list(request.query.page) }),
  });

  app.route({
    ...endpoint('adminMailOutboxItem'),
    schema: { params: idParamSchema, response: { 200: outboxMailResponseSchema } },
    onRequest: app.requireRole('admin'),
    handler: async (request) => ({ data: await outbox.get(request.params.id) }),
  });
};
