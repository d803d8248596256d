import { SITE_IMAGE_MAX_BYTES } from '@tokenly/contract/constants';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { SiteImages } from './site-images';

/** The largest request the upload takes: the file in base64 and the JSON around it. */
const UPLOAD_BODY_LIMIT = Math.ceil(SITE_IMAGE_MAX_BYTES / 3) * 4 + 1024;

export const siteImageUploadRoutes: FastifyPluginAsyncZod<{ images: SiteImages }> = async (
  app,
  { images },
) => {
  app.route({
    ...endpoint('adminSiteImageUpload'),
    bodyLimit: UPLOAD_BODY_LIMIT,
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ data: await images.upload(request.body.file_base64, currentSession(request).user.id) }),
  });
};

// Served at the site's root like any page's picture, not an API call: a picture never changes under its
// address, so browsers and proxies keep it for a year.
const HIDDEN = { schema: { hide: true } };
const FILE_NAME = /^([A-Za-z0-9_-]{22})\.webp$/;

export const siteImageFileRoutes: FastifyPluginAsync<{ images: SiteImages }> = async (app, { images }) => {
  app.get<{ Params: { file: string } }>('/media/:file', HIDDEN, async (request, reply) => {
    const id = FILE_NAME.exec(request.params.file)?.[1];
    const image = id ? await images.find(id) : undefined;
    if (!image) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type(image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(image.bytes);
  });
};
