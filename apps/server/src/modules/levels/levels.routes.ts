import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { LevelsService } from './levels-service';

export const levelsRoutes: FastifyPluginAsyncZod<{ levels: LevelsService }> = async (app, { levels }) => {
  app.route({
    ...endpoint('userLevel'),
    handler: async (request) => ({ data: await levels.learnerLevel(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('adminUserLevel'),
    handler: async (request) => ({ data: await levels.learnerLevel(request.params.id) }),
  });

  app.route({
    ...endpoint('adminUserLevelSet'),
    handler: async (request) =>
      levels.setByAdmin(currentSession(request).user.id, request.params.id, request.body),
  });
};
