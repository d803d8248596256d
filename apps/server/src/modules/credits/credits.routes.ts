import { idParamSchema, pageQuerySchema } from '@tokenly/contract/common';
import {
  adminCreditAdjustmentBodySchema,
  adminCreditAdjustmentResponseSchema,
  adminUserCreditsResponseSchema,
  creditSummaryResponseSchema,
  userCreditHistoryResponseSchema,
  userCreditsResponseSchema,
  userTokenResponseSchema,
} from '@tokenly/contract/credits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { type Clock, nowOf } from '../../lib/clock';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import {
  adjustCredits,
  getAdminUserCredits,
  getBalance,
  getCreditHistory,
  getCreditSummary,
  getUserCredits,
} from './credit-service';

export const creditsRoutes: FastifyPluginAsyncZod<{ db: Database; clock: Clock }> = async (
  app,
  { db, clock },
) => {
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
    ...endpoint('userCredits'),
    onRequest: app.requireRole('user'),
    schema: {
      response: { 200: userCreditsResponseSchema },
    },
    handler: async (request) => ({
      data: await getUserCredits(db, currentSession(request).user.id, nowOf(clock)),
    }),
  });

  app.route({
    ...endpoint('userCreditHistory'),
    onRequest: app.requireRole('user'),
    schema: {
      querystring: pageQuerySchema,
      response: { 200: userCreditHistoryResponseSchema },
    },
    handler: async (request) => ({
      data: await getCreditHistory(db, currentSession(request).user.id, request.query.page),
    }),
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
