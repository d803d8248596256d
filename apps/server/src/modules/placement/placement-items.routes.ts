import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { PlacementItemsService } from './placement-items-service';

export const placementItemsRoutes: FastifyPluginAsyncZod<{ items: PlacementItemsService }> = async (
  app,
  { items },
) => {
  app.route({
    ...endpoint('adminPlacementItems'),
    handler: async (request) => ({ data: await items.list(request.query) }),
  });

  app.route({
    ...endpoint('adminPlacementItemCreate'),
    handler: async (request, reply) => reply.status(201).send({ data: await items.create(request.body) }),
  });

  app.route({
    ...endpoint('adminPlacementItemUpdate'),
    handler: async (request) => ({ data: await items.update(request.params.id, request.body) }),
  });

  app.route({
    ...endpoint('adminPlacementItemRetire'),
    handler: async (request) => ({ data: await items.retire(request.params.id) }),
  });

  app.route({
    ...endpoint('adminPlacementItemRestore'),
    handler: async (request) => ({ data: await items.restore(request.params.id) }),
  });
};
