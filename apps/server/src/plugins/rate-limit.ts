import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../app-type';
import type { RateLimit } from '../config/env';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import { type Clock, nowOf } from '../lib/clock';
import { countAttempt, withdrawAttempt } from './rate-limit-repository';
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

/** Failed attempts allowed in a window per client IP, and per signed-in account from every client. */
export type FailureLimits = { client: RateLimit; account: RateLimit };

/**
 * Runs an attempt at guessing a secret, counting it in `bucket` (per client IP, and per account when
 * signed in) only when `failed(error)` says it went wrong: a right guess, or a refusal for another
 * reason, costs nothing. Past either limit the attempt is refused with 429 and Retry-After before it
 * runs, so the answer tells nothing of the secret. Each attempt is counted before it runs and given back
 * unless it failed: counting after a failure would let a burst of parallel guesses all pass the check.
 */
export function createFailureLimiter(
  db: Database,
  clock: Clock,
  { limits, message, bucket }: { limits: FailureLimits; message: string; bucket: string },
) {
  return async function attempt<T>(
    request: FastifyRequest,
    run: () => Promise<T>,
    failed: (error: unknown) => boolean,
  ): Promise<T> {
    const counters = [
      { key: `${bucket}|${KEYS.ip(request)}`, limit: limits.client },
      ...(request.auth ? [{ key: `${bucket}|${KEYS.account(request)}`, limit: limits.account }] : []),
    ];
    const now = nowOf(clock);
    // Every counter in one transaction, always in this order: parallel attempts then hold each other's
    // place in every counter alike. Counted apart, one attempt could be fourth by client and third by
    // account while another was the reverse, and both be refused with only two let through.
    const counted = await db.transaction(async (tx) => {
      const rows = [];
      for (const { key, limit } of counters) {
        rows.push({ key, max: limit.max, ...(await countAttempt(tx, key, limit.windowMs, now)) });
      }
      return rows;
    });
    const giveBack = () =>
      Promise.all(counted.map(({ key, windowStartedAt }) => withdrawAttempt(db, key, windowStartedAt)));
    const exceeded = counted.filter(({ current, max }) => current > max);
    if (exceeded.length > 0) {
      await giveBack();
      const waitMs = Math.max(...exceeded.map(({ ttl }) => ttl));
      throw new AppError('TOO_MANY_REQUESTS', message, undefined, {
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      });
    }
    // After the call, a count that cannot be given back is logged, never answered: the call has done
    // what it said (a gift redeemed, a payment started), and its own answer or error stands.
    const giveBackAfter = () =>
      giveBack().catch((error: unknown) => request.log.warn({ err: error }, 'an attempt was not given back'));
    let result: T;
    try {
      result = await run();
    } catch (error) {
      if (!failed(error)) await giveBackAfter();
      throw error;
    }
    await giveBackAfter();
    return result;
  };
}

export type FailureLimiter = ReturnType<typeof createFailureLimiter>;

function emailOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string') {
    return body.email.toLowerCase();
  }
  return '';
}
