import { idParamSchema, pageQuerySchema } from '@tokenly/contract/common';
import {
  tokenPlanAddBodySchema,
  tokenPlanEditBodySchema,
  tokenPlanListResponseSchema,
  tokenPlanPageResponseSchema,
  tokenPlanResponseSchema,
} from '@tokenly/contract/token-plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { TokenPlansService } from './token-plans-service';

export const tokenPlansRoutes: FastifyPluginAsyncZod<{ tokenPlans: TokenPlansService }> = async (
  app,
  { tokenPlans },
) => {
  app.route({
    ...endpoint('membershipTokens'),
    schema: {
      response: { 200: tokenPlanListResponseSchema },
    },
    handler: async () => ({ data: await tokenPlans.listOnSale() }),
  });

  app.route({
    ...endpoint('membershipToken'),
    schema: {
      params: idParamSchema,
      response: { 200: tokenPlanResponseSchema },
    },
    handler: async (request) => ({ data: await tokenPlans.getOnSale(request.params.id) }),
  });

  const onRequest = app.requireRole('admin');

  app.route({
    ...endpoint('adminTokenPlans'),
    schema: {
      querystring: pageQuerySchema,
      response: { 200: tokenPlanPageResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await tokenPlans.list(request.query.page) }),
  });

  app.route({
    ...endpoint('adminTokenPlan'),
    schema: {
      params: idParamSchema,
      response: { 200: tokenPlanResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await tokenPlans.get(request.params.id) }),
  });

  app.route({
    ...endpoint('adminTokenPlanCreate'),
    schema: {
      body: tokenPlanAddBodySchema,
      response: { 201: tokenPlanResponseSchema },
    },
    onRequest,
    handler: async (request, reply) =>
      reply.status(201).send({ data: await tokenPlans.create(request.body) }),
  });

  app.route({
    ...endpoint('adminTokenPlanUpdate'),
    schema: {
      params: idParamSchema,
      body: tokenPlanEditBodySchema,
      response: { 200: tokenPlanResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await tokenPlans.update(request.params.id, request.body) }),
  });
};
