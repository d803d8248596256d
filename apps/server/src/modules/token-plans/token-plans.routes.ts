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

const tags = ['token plans'];

export const tokenPlansRoutes: FastifyPluginAsyncZod<{ tokenPlans: TokenPlansService }> = async (
  app,
  { tokenPlans },
) => {
  app.route({
    ...endpoint('membershipTokens'),
    schema: {
      tags,
      summary: 'Token packages and memberships on sale; amount in USD',
      response: { 200: tokenPlanListResponseSchema },
    },
    handler: async () => ({ data: await tokenPlans.listOnSale() }),
  });

  app.route({
    ...endpoint('membershipToken'),
    schema: {
      tags,
      summary: 'One token plan on sale; 404 when unknown or inactive',
      params: idParamSchema,
      response: { 200: tokenPlanResponseSchema },
    },
    handler: async (request) => ({ data: await tokenPlans.getOnSale(request.params.id) }),
  });

  const adminTags = ['admin: token plans'];
  const onRequest = app.requireRole('admin');

  app.route({
    ...endpoint('adminTokenPlans'),
    schema: {
      tags: adminTags,
      summary: 'Every token plan (retired ones too), 15 a page; amount in USD',
      querystring: pageQuerySchema,
      response: { 200: tokenPlanPageResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await tokenPlans.list(request.query.page) }),
  });

  app.route({
    ...endpoint('adminTokenPlan'),
    schema: {
      tags: adminTags,
      summary: 'One token plan, on sale or not',
      params: idParamSchema,
      response: { 200: tokenPlanResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await tokenPlans.get(request.params.id) }),
  });

  app.route({
    ...endpoint('adminTokenPlanCreate'),
    schema: {
      tags: adminTags,
      summary: 'Add a package or a membership (interval_months required for a membership)',
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
      tags: adminTags,
      summary: 'Change title, credit, expiry (days) and optionally price (USD) and active (on sale)',
      params: idParamSchema,
      body: tokenPlanEditBodySchema,
      response: { 200: tokenPlanResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await tokenPlans.update(request.params.id, request.body) }),
  });
};
