import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { CoursesService } from './courses-service';

export const coursesRoutes: FastifyPluginAsyncZod<{ courses: CoursesService }> = async (app, { courses }) => {
  app.route({
    ...endpoint('adminCourses'),
    handler: async (request) => ({ data: await courses.list(request.query.page) }),
  });

  app.route({
    ...endpoint('adminCoursesList'),
    handler: async () => ({ data: await courses.listActive() }),
  });

  app.route({
    ...endpoint('adminCourse'),
    handler: async (request) => ({ data: await courses.get(request.params.id) }),
  });

  app.route({
    ...endpoint('adminCourseCreate'),
    handler: async (request, reply) => reply.status(201).send({ data: await courses.create(request.body) }),
  });

  app.route({
    ...endpoint('adminCourseUpdate'),
    handler: async (request) => ({ data: await courses.update(request.params.id, request.body) }),
  });
};
