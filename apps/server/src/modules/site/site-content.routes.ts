import { BLOG_POST_SAVED_MESSAGE, SITE_PAGE_SAVED_MESSAGE } from '@tokenly/contract/site-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { ResponseCache } from '../../plugins/response-cache';
import type { SiteContentService } from './site-content-service';

export const siteContentRoutes: FastifyPluginAsyncZod<{
  content: SiteContentService;
  cached: ResponseCache;
}> = async (app, { content, cached }) => {
  // ------------------------------------------------------------------------------------- visitors
  app.route({
    ...endpoint('sitePage'),
    handler: async (request) => ({ data: await content.publicPage(request.params.slug) }),
  });
  // The same for every visitor, its key the page number: answered from the response cache.
  app.route({
    ...endpoint('blogPosts'),
    ...cached.hooks,
    handler: async (request) => ({ data: await content.publicPosts(request.query.page) }),
  });
  app.route({
    ...endpoint('blogPost'),
    handler: async (request) => ({ data: await content.publicPost(request.params.slug) }),
  });

  // --------------------------------------------------------------------------------------- admin
  app.route({
    ...endpoint('adminSiteHero'),
    handler: async () => ({ data: await content.hero() }),
  });
  app.route({
    ...endpoint('adminSiteHeroSave'),
    handler: async (request) => ({ data: await content.saveHero(request.body) }),
  });
  app.route({
    ...endpoint('adminSiteFaq'),
    handler: async () => ({ data: await content.faq() }),
  });
  app.route({
    ...endpoint('adminSiteFaqSave'),
    handler: async (request) => ({ data: await content.saveFaq(request.body) }),
  });

  app.route({
    ...endpoint('adminSitePages'),
    handler: async () => ({ data: await content.pages() }),
  });
  app.route({
    ...endpoint('adminSitePageCreate'),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ data: await content.createPage(request.body), message: SITE_PAGE_SAVED_MESSAGE }),
  });
  app.route({
    ...endpoint('adminSitePage'),
    handler: async (request) => ({ data: await content.page(request.params.id) }),
  });
  app.route({
    ...endpoint('adminSitePageUpdate'),
    handler: async (request) => ({
      data: await content.updatePage(request.params.id, request.body),
      message: SITE_PAGE_SAVED_MESSAGE,
    }),
  });

  app.route({
    ...endpoint('adminBlogPosts'),
    handler: async () => ({ data: await content.posts() }),
  });
  app.route({
    ...endpoint('adminBlogPostCreate'),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ data: await content.createPost(request.body), message: BLOG_POST_SAVED_MESSAGE }),
  });
  app.route({
    ...endpoint('adminBlogPost'),
    handler: async (request) => ({ data: await content.post(request.params.id) }),
  });
  app.route({
    ...endpoint('adminBlogPostUpdate'),
    handler: async (request) => ({
      data: await content.updatePost(request.params.id, request.body),
      message: BLOG_POST_SAVED_MESSAGE,
    }),
  });

  app.route({
    ...endpoint('adminSitePreview'),
    handler: async (request) => ({ data: content.preview(request.body.markdown) }),
  });
};
