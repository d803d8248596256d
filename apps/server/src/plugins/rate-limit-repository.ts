import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema/rate-limit-counters';

// The attempts counted per key, in the database, so that every server process counts the same ones.

const windowStart = (now: Date, windowMs: number) => new Date(now.getTime() - windowMs);

/**
 * Counts one attempt for `key` in one statement: a new window when there is none or it has ended,
 * else one more hit in it. Answers the hits so far, the milliseconds left in the window, and when the
 * window started (which names it to `withdrawAttempt`).
 */
export async function countAttempt(
  db: Database,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ current: number; ttl: number; windowStartedAt: Date }> {
  const table = rateLimitCounters;
  const ended = sql`${table.windowStartedAt} <= ${windowStart(now, windowMs)}`;
  const [row] = await db
    .insert(table)
    .values({ key, hits: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: table.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${table.hits} + 1 end`,
        windowStartedAt: sql`case when ${ended} then ${now} else ${table.windowStartedAt} end`,
      },
    })
    .returning({ current: table.hits, windowStartedAt: table.windowStartedAt });
  if (!row) throw new Error(`counting an attempt for ${key} returned no row`);
  return {
    current: row.current,
    ttl: Math.max(0, row.windowStartedAt.getTime() + windowMs - now.getTime()),
    windowStartedAt: row.windowStartedAt,
  };
}

/** Takes back one attempt counted in the window started at `windowStartedAt`; a later window keeps its own. */
export async function withdrawAttempt(db: Database, key: string, windowStartedAt: Date): Promise<void> {
  const table = rateLimitCounters;
  await db
    .update(table)
    .set({ hits: sql`${table.hits} - 1` })
    .where(and(eq(table.key, key), eq(table.windowStartedAt, windowStartedAt), gt(table.hits, 0)));
}

/** The hits of each key whose window, `windowMs` long, is still running at `now`; absent keys have none. */
export async function readAttempts(
  db: Database,
  keys: string[],
  windowMs: number,
  now: Date,
): Promise<Map<string, { hits: number; ttl: number }>> {
  const rows = await db
    .select()
    .from(rateLimitCounters)
    .where(
      and(
        inArray(rateLimitCounters.key, keys),
        gt(rateLimitCounters.windowStartedAt, windowStart(now, windowMs)),
      ),
    );
  return new Map(
    rows.map((row) => [
      row.key,
      { hits: row.hits, ttl: row.windowStartedAt.getTime() + windowMs - now.getTime() },
    ]),
  );
}

/** Forgets a key's attempts: the owner's right password ends their own run of typos. */
export async function forgetAttempts(db: Database, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} = ${key}`);
}

/** Deletes the counters whose window ended over `windowMs` ago: a new attempt would start afresh anyway. */
export async function sweepEndedCounters(db: Database, windowMs: number, now: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStartedAt, windowStart(now, windowMs)));
}
