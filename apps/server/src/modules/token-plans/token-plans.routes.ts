import { idParamSchema } from '@tokenly/contract/common';
import { tokenPlanListResponseSchema, tokenPlanResponseSchema } from '@tokenly/contract/token-plans';
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
};
