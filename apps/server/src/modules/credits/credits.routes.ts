import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { CreditsService } from './credit-service';

export const creditsRoutes: FastifyPluginAsyncZod<{ credits: CreditsService }> = async (app, { credits }) => {
  app.route({
    ...endpoint('userToken'),
    handler: async (request) => ({ data: await credits.balance(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('userCreditSummary'),
    handler: async (request) => ({ data: await credits.summary(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('userCredits'),
    handler: async (request) => ({
      data: await credits.lots(currentSession(request).user.id),
    }),
  });

  app.route({
    ...endpoint('userCreditHistory'),
    handler: async (request) => ({
      data: await credits.history(currentSession(request).user.id, request.query.page),
    }),
  });

  app.route({
    ...endpoint('adminUserCredits'),
    handler: async (request) => ({ data: await credits.ofLearner(request.params.id) }),
  });

  app.route({
    ...endpoint('adminUserCreditsAdjust'),
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
