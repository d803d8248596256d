import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { ResponseCache } from '../../plugins/response-cache';
import type { SiteService } from './site-service';

export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteService; cached: ResponseCache }> = async (
  app,
  { site, cached },
) => {
  // The same for every visitor and read on every public page: answered from the response cache.
  app.route({
    ...endpoint('siteContent'),
    ...cached.hooks,
    handler: async () => ({ data: await site.content() }),
  });
};
