import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempts per key (client address and email) in the current window, for the login limit. In the
 * database, not in each process's memory, so N server processes still allow LOGIN_RATE_LIMIT attempts,
 * not N times as many.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  hits: integer('hits').notNull(),
});
