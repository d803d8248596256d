import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { AuditService } from './audit-service';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.route({
    ...endpoint('adminAuditLog'),
    handler: async (request) => {
      const { page, ...filters } = request.query;
      return { data: await audit.list(page, filters) };
    },
  });
};
