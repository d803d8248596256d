import { idParamSchema } from '@tokenly/contract/common';
import {
  adminSetLevelBodySchema,
  adminSetLevelResponseSchema,
  learnerLevelResponseSchema,
} from '@tokenly/contract/levels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { LevelsService } from './levels-service';

export const levelsRoutes: FastifyPluginAsyncZod<{ levels: LevelsService }> = async (app, { levels }) => {
  app.route({
    ...endpoint('userLevel'),
    onRequest: app.requireRole('user'),
    schema: { response: { 200: learnerLevelResponseSchema } },
    handler: async (request) => ({ data: await levels.learnerLevel(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('adminUserLevel'),
    onRequest: app.requireRole('admin'),
    schema: { params: idParamSchema, response: { 200: learnerLevelResponseSchema } },
    handler: async (request) => ({ data: await levels.learnerLevel(request.params.id) }),
  });

  app.route({
    ...endpoint('adminUserLevelSet'),
    onRequest: app.requireRole('admin'),
    schema: {
      params: idParamSchema,
      body: adminSetLevelBodySchema,
      response: { 200: adminSetLevelResponseSchema },
    },
    handler: async (request) =>
      levels.setByAdmin(currentSession(request).user.id, request.params.id, request.body),
  });
};
