import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { ResponseCache } from '../../plugins/response-cache';
import type { DashboardService } from './dashboard-service';

export const dashboardRoutes: FastifyPluginAsyncZod<{
  dashboard: DashboardService;
  cached: ResponseCache;
}> = async (app, { dashboard, cached }) => {
  app.route({
    ...endpoint('adminDashboard'),
    // The same figures for every administrator, from nine queries: read once per window and write.
    ...cached.hooks,
    handler: async () => ({ data: await dashboard.get() }),
  });
};
