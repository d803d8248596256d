import { idParamSchema, pageQuerySchema } from '@tokenly/contract/common';
import {
  BLOG_POST_SAVED_MESSAGE,
  blogPostBodySchema,
  blogPostListResponseSchema,
  blogPostResponseSchema,
  blogPostSaveResponseSchema,
  faqBodySchema,
  faqListResponseSchema,
  markdownPreviewBodySchema,
  markdownPreviewResponseSchema,
  publicBlogPageResponseSchema,
  publicBlogPostResponseSchema,
  publicSitePageResponseSchema,
  SITE_PAGE_SAVED_MESSAGE,
  siteHeroBodySchema,
  siteHeroResponseSchema,
  sitePageBodySchema,
  sitePageListResponseSchema,
  sitePageResponseSchema,
  sitePageSaveResponseSchema,
  slugParamSchema,
} from '@tokenly/contract/site-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { ResponseCache } from '../../plugins/response-cache';
import type { SiteContentService } from './site-content-service';

export const siteContentRoutes: FastifyPluginAsyncZod<{
  content: SiteContentService;
  cached: ResponseCache;
}> = async (app, { content, cached }) => {
  const admin = app.requireRole('admin');

  // ------------------------------------------------------------------------------------- visitors
  app.route({
    ...endpoint('sitePage'),
    schema: { params: slugParamSchema, response: { 200: publicSitePageResponseSchema } },
    handler: async (request) => ({ data: await content.publicPage(request.params.slug) }),
  });
  // The same for every visitor, its key the page number: answered from the response cache.
  app.route({
    ...endpoint('blogPosts'),
    schema: { querystring: pageQuerySchema, response: { 200: publicBlogPageResponseSchema } },
    ...cached.hooks,
    handler: async (request) => ({ data: await content.publicPosts(request.query.page) }),
  });
  app.route({
    ...endpoint('blogPost'),
    schema: { params: slugParamSchema, response: { 200: publicBlogPostResponseSchema } },
    handler: async (request) => ({ data: await content.publicPost(request.params.slug) }),
  });

  // --------------------------------------------------------------------------------------- admin
  app.route({
    ...endpoint('adminSiteHero'),
    schema: { response: { 200: siteHeroResponseSchema } },
    onRequest: admin,
    handler: async () => ({ data: await content.hero() }),
  });
  app.route({
    ...endpoint('adminSiteHeroSave'),
    schema: { body: siteHeroBodySchema, response: { 200: siteHeroResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({ data: await content.saveHero(request.body) }),
  });
  app.route({
    ...endpoint('adminSiteFaq'),
    schema: { response: { 200: faqListResponseSchema } },
    onRequest: admin,
    handler: async () => ({ data: await content.faq() }),
  });
  app.route({
    ...endpoint('adminSiteFaqSave'),
    schema: { body: faqBodySchema, response: { 200: faqListResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({ data: await content.saveFaq(request.body) }),
  });

  app.route({
    ...endpoint('adminSitePages'),
    schema: { response: { 200: sitePageListResponseSchema } },
    onRequest: admin,
    handler: async () => ({ data: await content.pages() }),
  });
  app.route({
    ...endpoint('adminSitePageCreate'),
    schema: { body: sitePageBodySchema, response: { 201: sitePageSaveResponseSchema } },
    onRequest: admin,
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ data: await content.createPage(request.body), message: SITE_PAGE_SAVED_MESSAGE }),
  });
  app.route({
    ...endpoint('adminSitePage'),
    schema: { params: idParamSchema, response: { 200: sitePageResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({ data: await content.page(request.params.id) }),
  });
  app.route({
    ...endpoint('adminSitePageUpdate'),
    schema: {
      params: idParamSchema,
      body: sitePageBodySchema,
      response: { 200: sitePageSaveResponseSchema },
    },
    onRequest: admin,
    handler: async (request) => ({
      data: await content.updatePage(request.params.id, request.body),
      message: SITE_PAGE_SAVED_MESSAGE,
    }),
  });

  app.route({
    ...endpoint('adminBlogPosts'),
    schema: { response: { 200: blogPostListResponseSchema } },
    onRequest: admin,
    handler: async () => ({ data: await content.posts() }),
  });
  app.route({
    ...endpoint('adminBlogPostCreate'),
    schema: { body: blogPostBodySchema, response: { 201: blogPostSaveResponseSchema } },
    onRequest: admin,
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ data: await content.createPost(request.body), message: BLOG_POST_SAVED_MESSAGE }),
  });
  app.route({
    ...endpoint('adminBlogPost'),
    schema: { params: idParamSchema, response: { 200: blogPostResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({ data: await content.post(request.params.id) }),
  });
  app.route({
    ...endpoint('adminBlogPostUpdate'),
    schema: {
      params: idParamSchema,
      body: blogPostBodySchema,
      response: { 200: blogPostSaveResponseSchema },
    },
    onRequest: admin,
    handler: async (request) => ({
      data: await content.updatePost(request.params.id, request.body),
      message: BLOG_POST_SAVED_MESSAGE,
    }),
  });

  app.route({
    ...endpoint('adminSitePreview'),
    schema: { body: markdownPreviewBodySchema, response: { 200: markdownPreviewResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({ data: content.preview(request.body.markdown) }),
  });
};
