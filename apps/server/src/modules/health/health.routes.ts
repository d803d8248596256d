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
      tags: ['health'],
      summary: 'Liveness with a real database round trip; 503 when the database is unreachable',
      response: { 200: healthResponseSchema },
    },
    handler: async () => ({ data: await checkHealth(database) }),
  });
};
