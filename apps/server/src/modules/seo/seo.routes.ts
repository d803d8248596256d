import type { FastifyPluginAsync } from 'fastify';
import type { SeoService } from './seo-service';

// Search engines' own files, at the site's root where they look for them: not API calls.
const HIDDEN = { schema: { hide: true } };
// Read by crawlers now and then: a few minutes' delay on a new class or post is no loss.
const CACHE_CONTROL = 'public, max-age=300';

export const seoRoutes: FastifyPluginAsync<{ seo: SeoService }> = async (app, { seo }) => {
  app.get('/sitemap.xml', HIDDEN, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(await seo.sitemap()),
  );
  app.get('/robots.txt', HIDDEN, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(seo.robots()),
  );
};
