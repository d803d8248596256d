import { auditPageResponseSchema } from '@tokenly/contract/audit';
import { pageQuerySchema } from '@tokenly/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { endpoint } from '../../lib/endpoint';
import { listAuditLog } from './audit-service';

export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...endpoint('adminAuditLog'),
    schema: { querystring: pageQuerySchema, response: { 200: auditPageResponseSchema } },
    onRequest: app.requireRole('admin'),
    handler: async (request) => ({ data: await listAuditLog(db, request.query.page) }),
  });
};
