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

const tags = ['admin: class types'];

export const coursesRoutes: FastifyPluginAsyncZod<{ courses: CoursesService }> = async (app, { courses }) => {
  const onRequest = app.requireRole('admin');

  app.route({
    ...endpoint('adminCourses'),
    schema: {
      tags,
      summary: 'Class types: the whole list without page, a page of 15 with it',
      querystring: courseListQuerySchema,
      response: { 200: courseListOrPageResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await courses.list(request.query.page) }),
  });

  app.route({
    ...endpoint('adminCoursesList'),
    schema: { tags, summary: 'Active class types, for selects', response: { 200: courseListResponseSchema } },
    onRequest,
    handler: async () => ({ data: await courses.listActive() }),
  });

  app.route({
    ...endpoint('adminCourse'),
    schema: {
      tags,
      summary: 'One class type',
      params: idParamSchema,
      response: { 200: courseResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await courses.get(request.params.id) }),
  });

  app.route({
    ...endpoint('adminCourseCreate'),
    schema: {
      tags,
      summary:
        'Add a class type (course_title, status 1/0, color hex, token; course_color and number_token also accepted)',
      body: courseBodySchema,
      response: { 201: courseResponseSchema },
    },
    onRequest,
    handler: async (request, reply) => reply.status(201).send({ data: await courses.create(request.body) }),
  });

  app.route({
    ...endpoint('adminCourseUpdate'),
    schema: {
      tags,
      summary: 'Change a class type',
      params: idParamSchema,
      body: courseBodySchema,
      response: { 200: courseResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await courses.update(request.params.id, request.body) }),
  });
};
