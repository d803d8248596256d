import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { endpoint } from '../../lib/endpoint';
import { checkHealth, checkReadiness } from './health-service';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; jobs: JobQueue }> = async (
  app,
  { database, jobs },
) => {
  app.route({
    ...endpoint('health'),
    handler: async () => ({ data: await checkHealth(database) }),
  });

  app.route({
    ...endpoint('ready'),
    handler: async () => ({ data: await checkReadiness(database, jobs) }),
  });
};
