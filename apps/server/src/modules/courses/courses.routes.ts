import { idParamSchema } from '@tokenly/contract/common';
import {
  courseBodySchema,
  courseListOrPageResponseSchema,
  courseListQuerySchema,
  courseListResponseSchema,
  courseResponseSchema,
} from '@tokenly/contract/courses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { CoursesService } from './courses-service';

export const coursesRoutes: FastifyPluginAsyncZod<{ courses: CoursesService }> = async (app, { courses }) => {
  const onRequest = app.requireRole('admin');

  app.route({
    ...endpoint('adminCourses'),
    schema: {
      querystring: courseListQuerySchema,
      response: { 200: courseListOrPageResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await courses.list(request.query.page) }),
  });

  app.route({
    ...endpoint('adminCoursesList'),
    schema: { response: { 200: courseListResponseSchema } },
    onRequest,
    handler: async () => ({ data: await courses.listActive() }),
  });

  app.route({
    ...endpoint('adminCourse'),
    schema: {
      params: idParamSchema,
      response: { 200: courseResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await courses.get(request.params.id) }),
  });

  app.route({
    ...endpoint('adminCourseCreate'),
    schema: {
      body: courseBodySchema,
      response: { 201: courseResponseSchema },
    },
    onRequest,
    handler: async (request, reply) => reply.status(201).send({ data: await courses.create(request.body) }),
  });

  app.route({
    ...endpoint('adminCourseUpdate'),
    schema: {
      params: idParamSchema,
      body: courseBodySchema,
      response: { 200: courseResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await courses.update(request.params.id, request.body) }),
  });
};
