import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { OutboxService } from './outbox-service';

export const outboxRoutes: FastifyPluginAsyncZod<{ outbox: OutboxService }> = async (app, { outbox }) => {
  app.route({
    ...endpoint('adminMailOutbox'),
    handler: async (request) => ({ data: await outbox.list(request.query.page) }),
  });

  app.route({
    ...endpoint('adminMailOutboxItem'),
    handler: async (request) => ({ data: await outbox.get(request.params.id) }),
  });
};
