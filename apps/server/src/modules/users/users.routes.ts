import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { ResponseCache } from '../../plugins/response-cache';
import type { UsersService } from './users-service';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; cached: ResponseCache }> = async (
  app,
  { users, cached },
) => {
  app.route({
    ...endpoint('adminStudents'),
    ...cached.hooks,
    handler: async (request) => {
      const { page, ...search } = request.query;
      return { data: await users.listStudents(page, search) };
    },
  });

  app.route({
    ...endpoint('adminStudentsCsv'),
    handler: async (request, reply) => sendCsv(reply, await users.exportStudentsCsv(request.query)),
  });

  app.route({
    ...endpoint('adminAdmins'),
    handler: async (request) => ({ data: await users.list('admin', request.query.page) }),
  });

  app.route({
    ...endpoint('adminAdminCreate'),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await users.createAdmin(request.body) }),
  });

  app.route({
    ...endpoint('adminAdmin'),
    handler: async (request) => ({ data: await users.getAdmin(request.params.id) }),
  });

  app.route({
    ...endpoint('adminAdminUpdate'),
    handler: async (request) => ({ data: await users.updateAdmin(request.params.id, request.body) }),
  });

  app.route({
    ...endpoint('adminAccountDisable'),
    handler: async (request) => ({
      data: await users.setDisabled(currentSession(request).user, request.params.id, true),
    }),
  });

  app.route({
    ...endpoint('adminAccountEnable'),
    handler: async (request) => ({
      data: await users.setDisabled(currentSession(request).user, request.params.id, false),
    }),
  });

  app.route({
    ...endpoint('adminAdminRemove'),
    handler: async (request) => ({
      data: await users.removeAdmin(currentSession(request).user, request.params.id),
    }),
  });

  app.route({
    ...endpoint('adminStudent'),
    handler: async (request) => ({ data: await users.getStudent(request.params.id) }),
  });
};
