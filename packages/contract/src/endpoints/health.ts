import { healthResponseSchema, readyResponseSchema } from '../auth.ts';
import type { EndpointSpec } from './spec.ts';

export const healthEndpoints = {
  health: {
    method: 'GET',
    path: 'health',
    auth: 'public',
    tag: 'health',
    summary: 'Liveness with a real database round trip',
    errors: { 503: 'The database is unreachable.' },
    response: { 200: healthResponseSchema },
  },

  ready: {
    method: 'GET',
    path: 'ready',
    auth: 'public',
    tag: 'health',
    summary: 'Readiness for a load balancer or orchestrator: the database and the job queue answer in time',
    errors: { 503: 'The database or the job queue is unavailable; the message says which.' },
    response: { 200: readyResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
