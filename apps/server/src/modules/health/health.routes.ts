import { healthResponseSchema } from '@tokenly/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client';
import { endpoint } from '../../lib/endpoint';
import { checkHealth } from './health-service';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  app.route({
    ...endpoint('health'),
    schema: {
      response: { 200: healthResponseSchema },
    },
    handler: async () => ({ data: await checkHealth(database) }),
  });
};
