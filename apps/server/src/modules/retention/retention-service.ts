import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RateLimit, RateLimits } from '../../config/env';
import type { Database } from '../../db/client';
import { type Clock, nowOf } from '../../lib/clock';
import { sweepEndedCounters } from '../../plugins/rate-limit-repository';
import { dropDeliveredBodies } from '../mail/mail-outbox-repository';
import {
  purgeAnonymousPlacementTests,
  purgeExpiredDevices,
  purgeExpiredResetTokens,
  purgeExpiredSessions,
} from './retention-repository';

const DAY_MS = 24 * 60 * 60_000;

/** Mail bodies dropped per statement: a first run over years of mail holds no lock for long. */
const MAIL_BATCH = 1_000;

export type RetentionOptions = {
  clock: Clock;
  /** MAIL_RETENTION_DAYS: a delivered mail keeps its body this long after it left. */
  mailRetentionDays: number;
  /** PLACEMENT_RETENTION_DAYS: a visitor's placement test no sign-up took up is kept this long. */
  placementRetentionDays: number;
  /** The rate limits: a counter is stale once the longest of their windows has passed. */
  rateLimits: RateLimits;
};

/** What one sweep removed, for the job's log and the tests. */
export type RetentionSweep = {
  mailBodies: number;
  sessions: number;
  resetTokens: number;
  trustedDevices: number;
  placementTests: number;
};

const isRateLimit = (value: unknown): value is RateLimit =>
  typeof value === 'object' && value !== null && 'windowMs' in value;

/** The longest window of any limit (nested or not): a counter older than it counts nothing any more. */
function longestWindowMs(limits: object): number {
  return Math.max(
    0,
    ...Object.values(limits).map((value) =>
      isRateLimit(value) ? value.windowMs : typeof value === 'object' && value ? longestWindowMs(value) : 0,
    ),
  );
}

/**
 * Keeps what the school needs and drops what it no longer does (docs/operations.md, Retention): the bodies
 * of mails delivered over MAIL_RETENTION_DAYS ago (their rows stay), expired sessions, reset links and
 * trusted devices, visitors' placement tests no sign-up took up within PLACEMENT_RETENTION_DAYS, and
 * rate-limit counters whose window has ended. Payments, credits, invoices, bookings
 * and the audit log are never touched.
 */
export function createRetentionService(
  db: Database,
  { clock, mailRetentionDays, placementRetentionDays, rateLimits }: RetentionOptions,
) {
  const counterWindowMs = longestWindowMs(rateLimits);
  return {
    async sweep(): Promise<RetentionSweep> {
      const now = nowOf(clock);
      const sentBefore = new Date(now.getTime() - mailRetentionDays * DAY_MS);
      let mailBodies = 0;
      for (;;) {
        const dropped = await dropDeliveredBodies(db, { sentBefore, now, limit: MAIL_BATCH });
        mailBodies += dropped;
        if (dropped < MAIL_BATCH) break;
        // Other requests go first between batches.
        await nextTurn();
      }
      const [sessions, resetTokens, trustedDevices, placementTests] = await Promise.all([
        purgeExpiredSessions(db, now),
        purgeExpiredResetTokens(db, now),
        purgeExpiredDevices(db, now),
        purgeAnonymousPlacementTests(db, new Date(now.getTime() - placementRetentionDays * DAY_MS)),
        sweepEndedCounters(db, counterWindowMs, now),
      ]);
      return { mailBodies, sessions, resetTokens, trustedDevices, placementTests };
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
