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
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { CreditsService } from './credit-service';

export const creditsRoutes: FastifyPluginAsyncZod<{ credits: CreditsService }> = async (app, { credits }) => {
  app.route({
    ...endpoint('userToken'),
    onRequest: app.requireRole('user'),
    schema: {
      response: { 200: userTokenResponseSchema },
    },
    handler: async (request) => ({ data: await credits.balance(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('userCreditSummary'),
    onRequest: app.requireRole('user'),
    schema: {
      response: { 200: creditSummaryResponseSchema },
    },
    handler: async (request) => ({ data: await credits.summary(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('userCredits'),
    onRequest: app.requireRole('user'),
    schema: {
      response: { 200: userCreditsResponseSchema },
    },
    handler: async (request) => ({
      data: await credits.lots(currentSession(request).user.id),
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
      data: await credits.history(currentSession(request).user.id, request.query.page),
    }),
  });

  app.route({
    ...endpoint('adminUserCredits'),
    onRequest: app.requireRole('admin'),
    schema: {
      params: idParamSchema,
      response: { 200: adminUserCreditsResponseSchema },
    },
    handler: async (request) => ({ data: await credits.ofLearner(request.params.id) }),
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
      data: await credits.adjust({
        userId: request.params.id,
        delta: request.body.delta,
        reason: request.body.reason,
        adminId: currentSession(request).user.id,
      }),
    }),
  });
};
