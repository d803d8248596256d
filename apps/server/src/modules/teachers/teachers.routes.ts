import { idParamSchema, pageQuerySchema } from '@tokenly/contract/common';
import {
  attendanceBodySchema,
  attendanceCountsResponseSchema,
  rosterEntryResponseSchema,
  teacherBodySchema,
  teacherClassDetailsResponseSchema,
  teacherClassesResponseSchema,
  teacherOptionsResponseSchema,
  teacherPageResponseSchema,
  teacherResponseSchema,
} from '@tokenly/contract/teachers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { TeachersService } from './teachers-service';

export const teachersRoutes: FastifyPluginAsyncZod<{ teachers: TeachersService }> = async (
  app,
  { teachers },
) => {
  const admin = app.requireRole('admin');
  const teacher = app.requireRole('teacher');

  app.route({
    ...endpoint('adminTeachers'),
    schema: { querystring: pageQuerySchema, response: { 200: teacherPageResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({ data: await teachers.list(request.query.page) }),
  });

  app.route({
    ...endpoint('adminTeachersList'),
    schema: { response: { 200: teacherOptionsResponseSchema } },
    onRequest: admin,
    handler: async () => ({ data: await teachers.options() }),
  });

  app.route({
    ...endpoint('adminTeacher'),
    schema: { params: idParamSchema, response: { 200: teacherResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({ data: await teachers.get(request.params.id) }),
  });

  app.route({
    ...endpoint('adminTeacherCreate'),
    schema: { body: teacherBodySchema, response: { 201: teacherResponseSchema } },
    onRequest: admin,
    handler: async (request, reply) => reply.status(201).send({ data: await teachers.create(request.body) }),
  });

  app.route({
    ...endpoint('adminTeacherUpdate'),
    schema: { params: idParamSchema, body: teacherBodySchema, response: { 200: teacherResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({ data: await teachers.update(request.params.id, request.body) }),
  });

  app.route({
    ...endpoint('adminTeacherInvite'),
    schema: { params: idParamSchema, response: { 200: teacherResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({ data: await teachers.invite(request.params.id) }),
  });

  app.route({
    ...endpoint('teacherClasses'),
    schema: { response: { 200: teacherClassesResponseSchema } },
    onRequest: teacher,
    handler: async (request) => ({ data: await teachers.classesOf(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('teacherClass'),
    schema: { params: idParamSchema, response: { 200: teacherClassDetailsResponseSchema } },
    onRequest: teacher,
    handler: async (request) => ({
      data: await teachers.classOf(currentSession(request).user.id, request.params.id),
    }),
  });

  app.route({
    ...endpoint('teacherAttendance'),
    schema: {
      params: idParamSchema,
      body: attendanceBodySchema,
      response: { 200: rosterEntryResponseSchema },
    },
    onRequest: teacher,
    handler: async (request) => ({
      data: await teachers.mark(currentSession(request).user.id, request.params.id, request.body),
    }),
  });

  app.route({
    ...endpoint('userAttendance'),
    schema: { response: { 200: attendanceCountsResponseSchema } },
    onRequest: app.requireRole('user'),
    handler: async (request) => ({ data: await teachers.countsOf(currentSession(request).user.id) }),
  });
};
