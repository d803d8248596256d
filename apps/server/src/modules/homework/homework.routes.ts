import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { endpoint } from '../../lib/endpoint';
import { sendStoredFile } from '../../lib/file-store/send-stored-file';
import { currentSession } from '../../plugins/auth';
import type { HomeworkService } from './homework-service';

const NO_FILE = 'Send the file as the body, with Content-Type: application/octet-stream.';

/** An upload's body: the stream the parser below hands over (no body at all has none). */
function uploadOf(request: FastifyRequest): Readable {
  if (!(request.body instanceof Readable)) throw new AppError('VALIDATION', NO_FILE, { file: [NO_FILE] });
  return request.body;
}

export const homeworkRoutes: FastifyPluginAsyncZod<{ homework: HomeworkService }> = async (
  app,
  { homework },
) => {
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).user;
  // An upload's body is the file, streamed to the store as it arrives (never parsed, nor held whole in
  // memory); the service bounds it by the school's limit. Only this plugin's routes take it.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  // The class's teacher or an administrator: any signed-in user may ask, the service tells them apart.
  app.route({
    ...endpoint('classHomework'),
    handler: async (request) => ({ data: await homework.tasksOf(request.params.id, me(request)) }),
  });

  app.route({
    ...endpoint('classHomeworkCreate'),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await homework.setTask(request.params.id, me(request), request.body) }),
  });

  app.route({
    ...endpoint('homeworkReview'),
    handler: async (request) => ({
      data: await homework.review(request.params.id, me(request), request.body),
    }),
  });

  app.route({
    ...endpoint('userHomework'),
    handler: async (request) => ({
      data: await homework.learnerHomework(me(request).id, request.query.schedule_id),
    }),
  });

  app.route({
    ...endpoint('homeworkSubmit'),
    handler: async (request) => ({
      data: await homework.submit(request.params.id, me(request).id, request.body),
    }),
  });

  app.route({
    ...endpoint('homeworkTaskFileUpload'),
    handler: async (request, reply) => {
      const file = await homework.uploadTaskFile(
        request.params.id,
        me(request),
        request.query.file_name,
        uploadOf(request),
      );
      return reply.status(201).send({ data: file });
    },
  });

  app.route({
    ...endpoint('homeworkAnswerFileUpload'),
    handler: async (request, reply) => {
      const file = await homework.uploadAnswerFile(
        request.params.id,
        me(request).id,
        request.query.file_name,
        uploadOf(request),
      );
      return reply.status(201).send({ data: file });
    },
  });

  app.route({
    ...endpoint('homeworkFileDownload'),
    handler: async (request, reply) => {
      const { file, name } = await homework.download(request.params.id, me(request));
      return sendStoredFile(reply, file, name);
    },
  });
};
