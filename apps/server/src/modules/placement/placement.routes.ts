import {
  placementAnswerBodySchema,
  placementStateResponseSchema,
  placementTokenParamSchema,
} from '@tokenly/contract/placement';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { endpoint } from '../../lib/endpoint';
import type { PlacementService } from './placement-service';

export const placementRoutes: FastifyPluginAsyncZod<{ placement: PlacementService }> = async (
  app,
  { placement },
) => {
  app.route({
    ...endpoint('placementStart'),
    schema: { response: { 201: placementStateResponseSchema } },
    // Open to visitors; a signed-in learner's test is theirs (and waits for the school's retake days).
    onRequest: async (request) => {
      try {
        await app.requireAuth(request);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'UNAUTHENTICATED')) throw error;
      }
    },
    handler: async (request, reply) =>
      reply.status(201).send({ data: await placement.start(request.auth?.user ?? null) }),
  });

  app.route({
    ...endpoint('placementState'),
    schema: { params: placementTokenParamSchema, response: { 200: placementStateResponseSchema } },
    handler: async (request) => ({ data: await placement.state(request.params.token) }),
  });

  app.route({
    ...endpoint('placementAnswer'),
    schema: {
      params: placementTokenParamSchema,
      body: placementAnswerBodySchema,
      response: { 200: placementStateResponseSchema },
    },
    handler: async (request) => ({ data: await placement.answer(request.params.token, request.body) }),
  });
};
