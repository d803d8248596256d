import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema/rate-limit-counters';

/** Expired counters are swept after this many counted attempts (per process): cheap, and bounded. */
const SWEEP_EVERY = 500;

/**
 * Counts one attempt for `key` in one statement: a new window when there is none or it has ended,
 * else one more hit in it. Answers the hits so far and the milliseconds left in the window.
 */
export async function countAttempt(
  db: Database,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const table = rateLimitCounters;
  const ended = sql`${table.windowStartedAt} <= now() - make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .insert(table)
    .values({ key, hits: 1 })
    .onConflictDoUpdate({
      target: table.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${table.hits} + 1 end`,
        windowStartedAt: sql`case when ${ended} then now() else ${table.windowStartedAt} end`,
      },
    })
    .returning({
      current: table.hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from ${table.windowStartedAt} + make_interval(secs => ${windowMs / 1000}) - now()) * 1000))::int`,
    });
  if (!row) throw new Error(`counting an attempt for ${key} returned no row`);
  return row;
}

/** Deletes the counters whose window ended over `windowMs` ago: a new attempt would start afresh anyway. */
export async function sweepEndedCounters(db: Database, windowMs: number): Promise<void> {
  await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowStartedAt, sql`now() - make_interval(secs => ${windowMs / 1000})`));
}

/** @fastify/rate-limit's store on our database: every server process counts the same attempts. */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  let counted = 0;
  let longestWindowMs = 0;
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      longestWindowMs = Math.max(longestWindowMs, timeWindow);
      counted += 1;
      const work = countAttempt(db, key, timeWindow).then(async (result) => {
        if (counted % SWEEP_EVERY === 0) await sweepEndedCounters(db, longestWindowMs);
        return result;
      });
      work.then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child() {
      return this;
    }
  }
  return DatabaseRateLimitStore;
}
