import { idParamSchema } from '@tokenly/contract/common';
import {
  adminCreditAdjustmentBodySchema,
  adminCreditAdjustmentResponseSchema,
  adminUserCreditsResponseSchema,
  creditSummaryResponseSchema,
  userTokenResponseSchema,
} from '@tokenly/contract/credits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import { adjustCredits, getAdminUserCredits, getBalance, getCreditSummary } from './credit-service';

export const creditsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...endpoint('userToken'),
    onRequest: app.requireRole('user'),
    schema: {
      response: { 200: userTokenResponseSchema },
    },
    handler: async (request) => ({ data: await getBalance(db, currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('userCreditSummary'),
    onRequest: app.requireRole('user'),
    schema: {
      response: { 200: creditSummaryResponseSchema },
    },
    handler: async (request) => ({ data: await getCreditSummary(db, currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('adminUserCredits'),
    onRequest: app.requireRole('admin'),
    schema: {
      params: idParamSchema,
      response: { 200: adminUserCreditsResponseSchema },
    },
    handler: async (request) => ({ data: await getAdminUserCredits(db, request.params.id) }),
  });

  app.route({
    ...endpoint('adminUserCreditsAdjust'),
    onRequest: app.requireRole('admin'),
    schema: {
      params: idParamSchema,
      body: adminCreditAdjustmentBodySchema,
      response: { 200: adminCreditAdjustmentResponseSchema },
    },
    handler: async (request) => ({
      data: await adjustCredits(db, {
        userId: request.params.id,
        delta: request.body.delta,
        reason: request.body.reason,
        adminId: currentSession(request).user.id,
      }),
    }),
  });
};
