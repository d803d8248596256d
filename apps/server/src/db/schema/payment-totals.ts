import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The payment list's totals by hour, status and plan, written only by the `payments` table's trigger
 * (migration 0047): the list's count and sums read these rows, not every payment the school ever took.
 */
export const paymentTotals = pgTable(
  'payment_totals',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    tokenPlanId: integer('token_plan_id').notNull(),
    count: integer('count').notNull(),
    // USD cents: succeeded and refunded payments' amounts, and what went back.
    gross: bigint('gross', { mode: 'number' }).notNull(),
    refunded: bigint('refunded', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'payment_totals_pkey', columns: [t.hour, t.status, t.tokenPlanId] })],
);
