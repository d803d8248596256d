import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client';
import { type Clock, nowOf } from '../lib/clock';
import { countAttempt, sweepEndedCounters } from './rate-limit-repository';

/** Expired counters are swept after this many counted attempts (per process): cheap, and bounded. */
const SWEEP_EVERY = 500;

/** @fastify/rate-limit's store on our database: every server process counts the same attempts. */
export function databaseRateLimitStore(db: Database, clock: Clock): FastifyRateLimitStoreCtor {
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
      const now = nowOf(clock);
      const work = countAttempt(db, key, timeWindow, now).then(async (result) => {
        if (counted % SWEEP_EVERY === 0) await sweepEndedCounters(db, longestWindowMs, now);
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
