import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../app-type';
import type { RateLimit } from '../config/env';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { databaseRateLimitStore } from './rate-limit-store';

export async function registerRateLimit(app: App, db: Database, clock: Clock): Promise<void> {
  // No global limit: only the calls that guess secrets or send mail are limited. Counted in the database,
  // so the limit holds across every server process.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db, clock) });
}

/** Whose attempts count together: a client and the email it types, a client alone, or a signed-in account. */
export type AttemptKey = 'ip-and-email' | 'ip' | 'account';

const KEYS: Record<AttemptKey, (request: FastifyRequest) => string> = {
  'ip-and-email': (request) => `${request.ip}|${emailOf(request.body)}`,
  ip: (request) => request.ip,
  account: (request) => `user:${request.auth?.user.id ?? request.ip}`,
};

/**
 * A preHandler counting attempts in its own `bucket`, shared by every route it is attached to, per client
 * IP and lower-cased email unless `key` says otherwise. It runs after validation, so the body is already
 * parsed and the email normalized.
 */
export function createAttemptLimiter(
  app: App,
  limit: RateLimit,
  message: string,
  bucket: string,
  key: AttemptKey = 'ip-and-email',
) {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${bucket}|${KEYS[key](request)}`,
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
