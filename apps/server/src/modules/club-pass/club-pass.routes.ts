import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { ClubPassService } from './club-pass-service';

export const clubPassRoutes: FastifyPluginAsyncZod<{ clubPass: ClubPassService }> = async (
  app,
  { clubPass },
) => {
  app.route({
    ...endpoint('userClubPass'),
    handler: async (request) => ({ data: await clubPass.forLearner(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('adminUserClubPass'),
    handler: async (request) => ({ data: await clubPass.forAdmin(request.params.id) }),
  });

  app.route({
    ...endpoint('adminUserClubPassGrant'),
    handler: async (request) => ({
      data: await clubPass.grant(currentSession(request).user.id, request.params.id, request.body),
    }),
  });

  app.route({
    ...endpoint('adminUserClubPassEnd'),
    handler: async (request) => ({
      data: await clubPass.end(currentSession(request).user.id, request.params.id, request.body),
    }),
  });
};
