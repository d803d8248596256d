import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { TokenPlansService } from './token-plans-service';

export const tokenPlansRoutes: FastifyPluginAsyncZod<{ tokenPlans: TokenPlansService }> = async (
  app,
  { tokenPlans },
) => {
  app.route({
    ...endpoint('membershipTokens'),
    handler: async () => ({ data: await tokenPlans.listOnSale() }),
  });

  app.route({
    ...endpoint('membershipToken'),
    handler: async (request) => ({ data: await tokenPlans.getOnSale(request.params.id) }),
  });

  app.route({
    ...endpoint('adminTokenPlans'),
    handler: async (request) => ({ data: await tokenPlans.list(request.query.page) }),
  });

  app.route({
    ...endpoint('adminTokenPlan'),
    handler: async (request) => ({ data: await tokenPlans.get(request.params.id) }),
  });

  app.route({
    ...endpoint('adminTokenPlanCreate'),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await tokenPlans.create(request.body) }),
  });

  app.route({
    ...endpoint('adminTokenPlanUpdate'),
    handler: async (request) => ({ data: await tokenPlans.update(request.params.id, request.body) }),
  });
};
