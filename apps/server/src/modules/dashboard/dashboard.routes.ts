import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { DashboardService } from './dashboard-service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.route({
    ...endpoint('adminDashboard'),
    handler: async () => ({ data: await dashboard.get() }),
  });
};
