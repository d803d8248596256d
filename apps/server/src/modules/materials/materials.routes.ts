import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { endpoint } from '../../lib/endpoint';
import { sendStoredFile } from '../../lib/file-store/send-stored-file';
import { currentSession } from '../../plugins/auth';
import type { MaterialsService, Viewer } from './materials-service';

const NO_FILE = 'Send the file as the body, with Content-Type: application/octet-stream.';

const viewerOf = (request: FastifyRequest): Viewer => {
  const { user } = currentSession(request);
  return { id: user.id, role: user.role };
};

export const materialsRoutes: FastifyPluginAsyncZod<{ materials: MaterialsService }> = async (
  app,
  { materials },
) => {
  // The upload's body is the file, streamed to the store as it arrives (never parsed, nor held whole in
  // memory); the service bounds it by the school's limit. Only this plugin's routes take it.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  app.route({
    ...endpoint('classMaterials'),
    handler: async (request) => ({ data: await materials.forClass(request.params.id, viewerOf(request)) }),
  });

  app.route({
    ...endpoint('materialsOf'),
    handler: async (request) => ({ data: await materials.attachedTo(request.query, viewerOf(request)) }),
  });

  app.route({
    ...endpoint('materialUpload'),
    handler: async (request, reply) => {
      // No body at all (no content type) reaches here without one.
      if (!(request.body instanceof Readable)) throw new AppError('VALIDATION', NO_FILE, { file: [NO_FILE] });
      const material = await materials.upload(request.query, request.body, viewerOf(request));
      return reply.status(201).send({ data: material });
    },
  });

  app.route({
    ...endpoint('materialLinkAdd'),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await materials.addLink(request.body, viewerOf(request)) }),
  });

  app.route({
    ...endpoint('materialRemove'),
    handler: async (request) => {
      await materials.remove(request.params.id, viewerOf(request));
      return { data: { id: request.params.id } };
    },
  });

  app.route({
    ...endpoint('materialDownload'),
    handler: async (request, reply) => {
      const { file, name } = await materials.download(request.params.id, viewerOf(request));
      return sendStoredFile(reply, file, name);
    },
  });
};
