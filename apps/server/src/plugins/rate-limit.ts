import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../app';
import type { RateLimit } from '../config/env';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import { databaseRateLimitStore } from './rate-limit-store';

export async function registerRateLimit(app: App, db: Database): Promise<void> {
  // No global limit: only the calls that guess secrets are limited. Counted in the database, so the
  // limit holds across every server process.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
}

/**
 * A preHandler counting attempts per client IP and lower-cased email in its own `bucket`, shared by every
 * route it is attached to. It runs after validation, so the body is already parsed and the email normalized.
 */
export function createAttemptLimiter(app: App, limit: RateLimit, message: string, bucket: string) {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${bucket}|${request.ip}|${emailOf(request.body)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new AppError('TOO_MANY_REQUESTS', message);
    }
  };
}

function emailOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string') {
    return body.email.toLowerCase();
  }
  return '';
}
