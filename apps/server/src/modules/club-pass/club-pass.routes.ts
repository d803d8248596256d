import {
  adminClubPassEndBodySchema,
  adminClubPassGrantBodySchema,
  adminClubPassResponseSchema,
  userClubPassResponseSchema,
} from '@tokenly/contract/club-pass';
import { idParamSchema } from '@tokenly/contract/common';
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
    onRequest: app.requireRole('user'),
    schema: { response: { 200: userClubPassResponseSchema } },
    handler: async (request) => ({ data: await clubPass.forLearner(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('adminUserClubPass'),
    onRequest: app.requireRole('admin'),
    schema: { params: idParamSchema, response: { 200: adminClubPassResponseSchema } },
    handler: async (request) => ({ data: await clubPass.forAdmin(request.params.id) }),
  });

  app.route({
    ...endpoint('adminUserClubPassGrant'),
    onRequest: app.requireRole('admin'),
    schema: {
      params: idParamSchema,
      body: adminClubPassGrantBodySchema,
      response: { 200: adminClubPassResponseSchema },
    },
    handler: async (request) => ({
      data: await clubPass.grant(currentSession(request).user.id, request.params.id, request.body),
    }),
  });

  app.route({
    ...endpoint('adminUserClubPassEnd'),
    onRequest: app.requireRole('admin'),
    schema: {
      params: idParamSchema,
      body: adminClubPassEndBodySchema,
      response: { 200: adminClubPassResponseSchema },
    },
    handler: async (request) => ({
      data: await clubPass.end(currentSession(request).user.id, request.params.id, request.body),
    }),
  });
};
