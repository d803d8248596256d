import { auditPageResponseSchema, auditQuerySchema } from '../audit.ts';
import { dashboardResponseSchema } from '../dashboard.ts';
import { adminSearchQuerySchema, adminSearchResponseSchema } from '../users.ts';
import type { EndpointSpec } from './spec.ts';

export const adminEndpoints = {
  adminSearch: {
    method: 'GET',
    path: 'admin-search',
    auth: 'admin',
    tag: 'admin: search',
    summary: 'The top bar search: learners, classes and payments matching a name, email, title or payment id',
    errors: {},
    query: adminSearchQuerySchema,
    response: { 200: adminSearchResponseSchema },
  },

  adminAuditLog: {
    method: 'GET',
    path: 'admin-audit-log',
    auth: 'admin',
    tag: 'admin: audit log',
    summary: 'Every administrative change (money, credits, classes, accounts), newest first, 15 a page',
    errors: {},
    query: auditQuerySchema,
    response: { 200: auditPageResponseSchema },
  },

  adminDashboard: {
    method: 'GET',
    path: 'admin-dashboard',
    auth: 'admin',
    tag: 'admin: dashboard',
    summary: 'Learners, active teachers, bookings this week, sales (USD) and the next 10 classes',
    errors: {},
    response: { 200: dashboardResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
