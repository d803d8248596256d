import { idParamSchema, pageQuerySchema } from '../common.ts';
import { siteContentResponseSchema } from '../site.ts';
import {
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
  siteHeroBodySchema,
  siteHeroResponseSchema,
  siteImageResponseSchema,
  siteImageUploadBodySchema,
  sitePageBodySchema,
  sitePageListResponseSchema,
  sitePageResponseSchema,
  sitePageSaveResponseSchema,
  slugParamSchema,
} from '../site-content.ts';
import type { EndpointSpec } from './spec.ts';

export const siteEndpoints = {
  siteContent: {
    method: 'GET',
    path: 'site',
    auth: 'public',
    tag: 'site',
    summary:
      "The home page's school content: public teacher profiles, the course tabs of active class types, store addresses",
    errors: {},
    response: { 200: siteContentResponseSchema },
  },

  sitePage: {
    method: 'GET',
    path: 'site-pages/:slug',
    auth: 'public',
    tag: 'site',
    summary: 'A published page of the school (About, Terms…): its title and its text as sanitised HTML',
    errors: { 404: 'No published page has this slug.' },
    params: slugParamSchema,
    response: { 200: publicSitePageResponseSchema },
  },

  blogPosts: {
    method: 'GET',
    path: 'blog-posts',
    auth: 'public',
    tag: 'site',
    summary: "The blog's published posts whose date has come, newest first, 15 a page",
    errors: {},
    query: pageQuerySchema,
    response: { 200: publicBlogPageResponseSchema },
  },

  blogPost: {
    method: 'GET',
    path: 'blog-posts/:slug',
    auth: 'public',
    tag: 'site',
    summary: 'A published post: its title, summary, cover, author, date and text as sanitised HTML',
    errors: { 404: 'No published post has this slug, or its date has not come.' },
    params: slugParamSchema,
    response: { 200: publicBlogPostResponseSchema },
  },

  adminSiteHero: {
    method: 'GET',
    path: 'admin-site/hero',
    auth: 'admin',
    tag: 'admin: site',
    summary: "The home page's hero: badge, title, lead and image",
    errors: {},
    response: { 200: siteHeroResponseSchema },
  },

  adminSiteHeroSave: {
    method: 'PUT',
    path: 'admin-site/hero',
    auth: 'admin',
    tag: 'admin: site',
    summary: "Change the home page's hero: visitors see it at once",
    errors: {},
    body: siteHeroBodySchema,
    response: { 200: siteHeroResponseSchema },
  },

  adminSiteFaq: {
    method: 'GET',
    path: 'admin-site/faq',
    auth: 'admin',
    tag: 'admin: site',
    summary: 'Every question of the FAQ in its order, drafts too',
    errors: {},
    response: { 200: faqListResponseSchema },
  },

  adminSiteFaqSave: {
    method: 'PUT',
    path: 'admin-site/faq',
    auth: 'admin',
    tag: 'admin: site',
    summary: 'Replace the FAQ: its questions, answers (Markdown) and states, in their order',
    errors: {},
    body: faqBodySchema,
    response: { 200: faqListResponseSchema },
  },

  adminSitePages: {
    method: 'GET',
    path: 'admin-site/pages',
    auth: 'admin',
    tag: 'admin: site',
    summary: "The school's pages, drafts too, without their text",
    errors: {},
    response: { 200: sitePageListResponseSchema },
  },

  adminSitePageCreate: {
    method: 'POST',
    path: 'admin-site/pages',
    auth: 'admin',
    tag: 'admin: site',
    summary: 'Add a page (title, slug, Markdown text) as a draft or published',
    errors: { 409: 'Another page has this slug.' },
    body: sitePageBodySchema,
    response: { 201: sitePageSaveResponseSchema },
  },

  adminSitePage: {
    method: 'GET',
    path: 'admin-site/pages/:id',
    auth: 'admin',
    tag: 'admin: site',
    summary: 'One page with its Markdown text',
    errors: { 404: 'No such page.' },
    params: idParamSchema,
    response: { 200: sitePageResponseSchema },
  },

  adminSitePageUpdate: {
    method: 'PUT',
    path: 'admin-site/pages/:id',
    auth: 'admin',
    tag: 'admin: site',
    summary: 'Change a page: its title, slug, text, and whether it is published or a draft',
    errors: { 404: 'No such page.', 409: 'Another page has this slug.' },
    params: idParamSchema,
    body: sitePageBodySchema,
    response: { 200: sitePageSaveResponseSchema },
  },

  adminBlogPosts: {
    method: 'GET',
    path: 'admin-site/posts',
    auth: 'admin',
    tag: 'admin: site',
    summary: "The blog's posts, drafts too, newest publish date first, without their text",
    errors: {},
    response: { 200: blogPostListResponseSchema },
  },

  adminBlogPostCreate: {
    method: 'POST',
    path: 'admin-site/posts',
    auth: 'admin',
    tag: 'admin: site',
    summary:
      'Add a post (title, slug, summary, cover, author, publish date, Markdown text) as a draft or published',
    errors: { 409: 'Another post has this slug.' },
    body: blogPostBodySchema,
    response: { 201: blogPostSaveResponseSchema },
  },

  adminBlogPost: {
    method: 'GET',
    path: 'admin-site/posts/:id',
    auth: 'admin',
    tag: 'admin: site',
    summary: 'One post with its Markdown text',
    errors: { 404: 'No such post.' },
    params: idParamSchema,
    response: { 200: blogPostResponseSchema },
  },

  adminBlogPostUpdate: {
    method: 'PUT',
    path: 'admin-site/posts/:id',
    auth: 'admin',
    tag: 'admin: site',
    summary: 'Change a post, and whether it is published or a draft',
    errors: { 404: 'No such post.', 409: 'Another post has this slug.' },
    params: idParamSchema,
    body: blogPostBodySchema,
    response: { 200: blogPostSaveResponseSchema },
  },

  adminSiteImageUpload: {
    method: 'POST',
    path: 'admin-site/images',
    auth: 'admin',
    tag: 'admin: site',
    summary:
      'Upload a picture (base64 JPEG, PNG, WebP, GIF or AVIF, at most 8 MB): stored upright, at most 1600 px a side, as WebP without its metadata; answers its address for an image, cover or photo field',
    errors: { 422: 'Also when the file is not a picture.' },
    body: siteImageUploadBodySchema,
    response: { 201: siteImageResponseSchema },
  },

  adminSitePreview: {
    method: 'POST',
    path: 'admin-site/preview',
    auth: 'admin',
    tag: 'admin: site',
    summary: 'Markdown as visitors would see it (sanitised HTML); nothing is saved',
    errors: {},
    readOnly: true,
    body: markdownPreviewBodySchema,
    response: { 200: markdownPreviewResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
