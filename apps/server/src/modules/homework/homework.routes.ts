import { Readable } from 'node:stream';
import { idParamSchema } from '@tokenly/contract/common';
import {
  homeworkFileIdParamSchema,
  homeworkFileResponseSchema,
  homeworkFileUploadQuerySchema,
  homeworkReviewBodySchema,
  homeworkSubmissionBodySchema,
  homeworkSubmissionResponseSchema,
  homeworkTaskBodySchema,
  homeworkTaskResponseSchema,
  homeworkTasksResponseSchema,
  learnerHomeworkListResponseSchema,
  learnerHomeworkResponseSchema,
  userHomeworkQuerySchema,
} from '@tokenly/contract/homework';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { endpoint } from '../../lib/endpoint';
import { sendStoredFile } from '../../lib/file-store/send-stored-file';
import { currentSession } from '../../plugins/auth';
import type { HomeworkService } from './homework-service';

const fileSchema = z.string().meta({ format: 'binary', description: 'The file, with its own content type.' });
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
  const learner = app.requireRole('user');
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).user;
  // An upload's body is the file, streamed to the store as it arrives (never parsed, nor held whole in
  // memory); the service bounds it by the school's limit. Only this plugin's routes take it.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  // The class's teacher or an administrator: any signed-in user may ask, the service tells them apart.
  app.route({
    ...endpoint('classHomework'),
    onRequest: app.requireAuth,
    schema: { params: idParamSchema, response: { 200: homeworkTasksResponseSchema } },
    handler: async (request) => ({ data: await homework.tasksOf(request.params.id, me(request)) }),
  });

  app.route({
    ...endpoint('classHomeworkCreate'),
    onRequest: app.requireAuth,
    schema: {
      params: idParamSchema,
      body: homeworkTaskBodySchema,
      response: { 201: homeworkTaskResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ data: await homework.setTask(request.params.id, me(request), request.body) }),
  });

  app.route({
    ...endpoint('homeworkReview'),
    onRequest: app.requireAuth,
    schema: {
      params: idParamSchema,
      body: homeworkReviewBodySchema,
      response: { 200: homeworkSubmissionResponseSchema },
    },
    handler: async (request) => ({
      data: await homework.review(request.params.id, me(request), request.body),
    }),
  });

  app.route({
    ...endpoint('userHomework'),
    onRequest: learner,
    schema: { querystring: userHomeworkQuerySchema, response: { 200: learnerHomeworkListResponseSchema } },
    handler: async (request) => ({
      data: await homework.learnerHomework(me(request).id, request.query.schedule_id),
    }),
  });

  app.route({
    ...endpoint('homeworkSubmit'),
    onRequest: learner,
    schema: {
      params: idParamSchema,
      body: homeworkSubmissionBodySchema,
      response: { 200: learnerHomeworkResponseSchema },
    },
    handler: async (request) => ({
      data: await homework.submit(request.params.id, me(request).id, request.body),
    }),
  });

  app.route({
    ...endpoint('homeworkTaskFileUpload'),
    onRequest: app.requireAuth,
    schema: {
      params: idParamSchema,
      querystring: homeworkFileUploadQuerySchema,
      response: { 201: homeworkFileResponseSchema },
    },
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
    onRequest: learner,
    schema: {
      params: idParamSchema,
      querystring: homeworkFileUploadQuerySchema,
      response: { 201: homeworkFileResponseSchema },
    },
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
    onRequest: app.requireAuth,
    schema: { params: homeworkFileIdParamSchema, response: { 200: fileSchema } },
    handler: async (request, reply) => {
      const { file, name } = await homework.download(request.params.id, me(request));
      return sendStoredFile(reply, file, name);
    },
  });
};
