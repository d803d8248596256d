import { adminSearchQuerySchema, adminSearchResponseSchema } from '@tokenly/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { AdminSearchService } from './admin-search-service';

export const adminSearchRoutes: FastifyPluginAsyncZod<{ search: AdminSearchService }> = async (
  app,
  { search },
) => {
  app.route({
    ...endpoint('adminSearch'),
    schema: { querystring: adminSearchQuerySchema, response: { 200: adminSearchResponseSchema } },
    onRequest: app.requireRole('admin'),
    handler: async (request) => ({ data: await search.search(request.query.q) }),
  });
};
