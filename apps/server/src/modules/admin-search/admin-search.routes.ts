import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { AdminSearchService } from './admin-search-service';

export const adminSearchRoutes: FastifyPluginAsyncZod<{ search: AdminSearchService }> = async (
  app,
  { search },
) => {
  app.route({
    ...endpoint('adminSearch'),
    handler: async (request) => ({ data: await search.search(request.query.q) }),
  });
};
