import { idParamSchema } from '@tokenly/contract/common';
import {
  placementItemBodySchema,
  placementItemPageResponseSchema,
  placementItemResponseSchema,
  placementItemsQuerySchema,
} from '@tokenly/contract/placement-items';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { PlacementItemsService } from './placement-items-service';

export const placementItemsRoutes: FastifyPluginAsyncZod<{ items: PlacementItemsService }> = async (
  app,
  { items },
) => {
  const admin = app.requireRole('admin');

  app.route({
    ...endpoint('adminPlacementItems'),
    schema: { querystring: placementItemsQuerySchema, response: { 200: placementItemPageResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({ data: await items.list(request.query) }),
  });

  app.route({
    ...endpoint('adminPlacementItemCreate'),
    schema: { body: placementItemBodySchema, response: { 201: placementItemResponseSchema } },
    onRequest: admin,
    handler: async (request, reply) => reply.status(201).send({ data: await items.create(request.body) }),
  });

  app.route({
    ...endpoint('adminPlacementItemUpdate'),
    schema: {
      params: idParamSchema,
      body: placementItemBodySchema,
      response: { 200: placementItemResponseSchema },
    },
    onRequest: admin,
    handler: async (request) => ({ data: await items.update(request.params.id, request.body) }),
  });

  app.route({
    ...endpoint('adminPlacementItemRetire'),
    schema: { params: idParamSchema, response: { 200: placementItemResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({ data: await items.retire(request.params.id) }),
  });

  app.route({
    ...endpoint('adminPlacementItemRestore'),
    schema: { params: idParamSchema, response: { 200: placementItemResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({ data: await items.restore(request.params.id) }),
  });
};
