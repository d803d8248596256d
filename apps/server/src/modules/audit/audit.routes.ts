import { auditPageResponseSchema } from '@tokenly/contract/audit';
import { pageQuerySchema } from '@tokenly/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { AuditService } from './audit-service';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.route({
    ...endpoint('adminAuditLog'),
    schema: { querystring: pageQuerySchema, response: { 200: auditPageResponseSchema } },
    onRequest: app.requireRole('admin'),
    handler: async (request) => ({ data: await audit.list(request.query.page) }),
  });
};
