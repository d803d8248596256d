import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { TeachersService } from './teachers-service';

export const teachersRoutes: FastifyPluginAsyncZod<{ teachers: TeachersService }> = async (
  app,
  { teachers },
) => {
  app.route({
    ...endpoint('adminTeachers'),
    handler: async (request) => ({ data: await teachers.list(request.query.page) }),
  });

  app.route({
    ...endpoint('adminTeachersList'),
    handler: async () => ({ data: await teachers.options() }),
  });

  app.route({
    ...endpoint('adminTeacher'),
    handler: async (request) => ({ data: await teachers.get(request.params.id) }),
  });

  app.route({
    ...endpoint('adminTeacherCreate'),
    handler: async (request, reply) => reply.status(201).send({ data: await teachers.create(request.body) }),
  });

  app.route({
    ...endpoint('adminTeacherUpdate'),
    handler: async (request) => ({ data: await teachers.update(request.params.id, request.body) }),
  });

  app.route({
    ...endpoint('adminTeacherInvite'),
    handler: async (request) => ({ data: await teachers.invite(request.params.id) }),
  });

  app.route({
    ...endpoint('teacherClasses'),
    handler: async (request) => ({ data: await teachers.classesOf(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('teacherClass'),
    handler: async (request) => ({
      data: await teachers.classOf(currentSession(request).user.id, request.params.id),
    }),
  });

  app.route({
    ...endpoint('teacherAttendance'),
    handler: async (request) => ({
      data: await teachers.mark(currentSession(request).user.id, request.params.id, request.body),
    }),
  });

  app.route({
    ...endpoint('userAttendance'),
    handler: async (request) => ({ data: await teachers.countsOf(currentSession(request).user.id) }),
  });
};
