import { MESSAGES } from '@tokenly/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimits } from '../../config/env';
import { AppError } from '../../lib/app-error';
import { endpoint } from '../../lib/endpoint';
import { createAttemptLimiter } from '../../plugins/rate-limit';
import type { PlacementService } from './placement-service';

export const placementRoutes: FastifyPluginAsyncZod<{
  placement: PlacementService;
  rateLimit: RateLimits['placement'];
}> = async (app, { placement, rateLimit }) => {
  // Each start draws questions and keeps a row: a budget per client, and one per signed-in account (a
  // learner's unfinished tests do not wait for the retake days).
  const limitClient = createAttemptLimiter(
    app,
    rateLimit.client,
    MESSAGES.tooManyPlacementTests,
    'placement-start',
    'ip',
  );
  const limitAccount = createAttemptLimiter(
    app,
    rateLimit.account,
    MESSAGES.tooManyPlacementTests,
    'placement-start',
    'account',
  );

  app.route({
    ...endpoint('placementStart'),
    // Open to visitors; a signed-in learner's test is theirs (and waits for the school's retake days).
    onRequest: async (request) => {
      try {
        await app.requireAuth(request);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'UNAUTHENTICATED')) throw error;
      }
    },
    preHandler: async (request, reply) => {
      await limitClient(request, reply);
      if (request.auth) await limitAccount(request, reply);
    },
    handler: async (request, reply) =>
      reply.status(201).send({ data: await placement.start(request.auth?.user ?? null) }),
  });

  app.route({
    ...endpoint('placementState'),
    handler: async (request) => ({ data: await placement.state(request.params.token) }),
  });

  app.route({
    ...endpoint('placementAnswer'),
    handler: async (request) => ({ data: await placement.answer(request.params.token, request.body) }),
  });
};
