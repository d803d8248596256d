import { idParamSchema } from '@tokenly/contract/common';
import {
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { HomeworkService } from './homework-service';

export const homeworkRoutes: FastifyPluginAsyncZod<{ homework: HomeworkService }> = async (
  app,
  { homework },
) => {
  const learner = app.requireRole('user');
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).user;

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
};
