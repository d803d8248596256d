import { idParamSchema, pageQuerySchema } from '@tokenly/contract/common';
import {
  accountResponseSchema,
  adminCreateBodySchema,
  adminCreateResponseSchema,
  adminUpdateBodySchema,
  studentDetailsResponseSchema,
  studentListQuerySchema,
  studentPageResponseSchema,
  studentSearchQuerySchema,
  userPageResponseSchema,
} from '@tokenly/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { ResponseCache } from '../../plugins/response-cache';
import type { UsersService } from './users-service';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; cached: ResponseCache }> = async (
  app,
  { users, cached },
) => {
  const onRequest = app.requireRole('admin');

  app.route({
    ...endpoint('adminStudents'),
    schema: {
      querystring: studentListQuerySchema,
      response: { 200: studentPageResponseSchema },
    },
    onRequest,
    ...cached.hooks,
    handler: async (request) => {
      const { page, ...search } = request.query;
      return { data: await users.listStudents(page, search) };
    },
  });

  app.route({
    ...endpoint('adminStudentsCsv'),
    schema: { querystring: studentSearchQuerySchema, response: { 200: z.string() } },
    onRequest,
    handler: async (request, reply) => sendCsv(reply, await users.exportStudentsCsv(request.query)),
  });

  app.route({
    ...endpoint('adminAdmins'),
    schema: {
      querystring: pageQuerySchema,
      response: { 200: userPageResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await users.list('admin', request.query.page) }),
  });

  app.route({
    ...endpoint('adminAdminCreate'),
    schema: {
      body: adminCreateBodySchema,
      response: { 201: adminCreateResponseSchema },
    },
    onRequest,
    handler: async (request, reply) =>
      reply.status(201).send({ data: await users.createAdmin(request.body) }),
  });

  app.route({
    ...endpoint('adminAdmin'),
    schema: { params: idParamSchema, response: { 200: accountResponseSchema } },
    onRequest,
    handler: async (request) => ({ data: await users.getAdmin(request.params.id) }),
  });

  app.route({
    ...endpoint('adminAdminUpdate'),
    schema: { params: idParamSchema, body: adminUpdateBodySchema, response: { 200: accountResponseSchema } },
    onRequest,
    handler: async (request) => ({ data: await users.updateAdmin(request.params.id, request.body) }),
  });

  app.route({
    ...endpoint('adminAccountDisable'),
    schema: { params: idParamSchema, response: { 200: accountResponseSchema } },
    onRequest,
    handler: async (request) => ({
      data: await users.setDisabled(currentSession(request).user, request.params.id, true),
    }),
  });

  app.route({
    ...endpoint('adminAccountEnable'),
    schema: { params: idParamSchema, response: { 200: accountResponseSchema } },
    onRequest,
    handler: async (request) => ({
      data: await users.setDisabled(currentSession(request).user, request.params.id, false),
    }),
  });

  app.route({
    ...endpoint('adminAdminRemove'),
    schema: { params: idParamSchema, response: { 200: accountResponseSchema } },
    onRequest,
    handler: async (request) => ({
      data: await users.removeAdmin(currentSession(request).user, request.params.id),
    }),
  });

  app.route({
    ...endpoint('adminStudent'),
    schema: {
      params: idParamSchema,
      response: { 200: studentDetailsResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await users.getStudent(request.params.id) }),
  });
};
