import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const figures = {
  status: text('status').notNull(),
  tokenPlanId: integer('token_plan_id').notNull(),
  count: integer('count').notNull(),
  // USD cents: succeeded and refunded payments' amounts, and what went back.
  gross: bigint('gross', { mode: 'number' }).notNull(),
  refunded: bigint('refunded', { mode: 'number' }).notNull(),
};

/**
 * The payment list's totals by hour, status and plan, written only by the `payments` table's trigger
 * (migration 0047): the list's count and sums read these rows, not every payment the school ever took.
 * An hour is the finest step a school's day starts on, in any zone but the few off the hour.
 */
export const paymentTotals = pgTable(
  'payment_totals',
  { hour: timestamp('hour', { withTimezone: true }).notNull(), ...figures },
  (t) => [primaryKey({ name: 'payment_totals_pkey', columns: [t.hour, t.status, t.tokenPlanId] })],
);

/**
 * The same totals by UTC day, written only by the `payments` table's trigger, after the hourly rows
 * (migration 0049): a range of days reads one row a day and status, and the hours only at its two ends.
 */
export const paymentTotalsDaily = pgTable(
  'payment_totals_daily',
  { day: timestamp('day', { withTimezone: true }).notNull(), ...figures },
  (t) => [primaryKey({ name: 'payment_totals_daily_pkey', columns: [t.day, t.status, t.tokenPlanId] })],
);
