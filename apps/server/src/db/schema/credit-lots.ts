import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { payments } from './payments';
import { users } from './users';

/** Balance = sum of credits_remaining over unexpired lots; bookings draw from the lot expiring first. */
export const creditLots = pgTable(
  'credit_lots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    creditsTotal: integer('credits_total').notNull(),
    creditsRemaining: integer('credits_remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    source: text('source', {
      enum: ['purchase', 'subscription', 'grant', 'refund', 'referral', 'gift'],
    }).notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Its payment was refunded or disputed; its unused credits were taken back then, and
    // credits of a booking cancelled later do not come back to it (they were paid back in money).
    clawedBackAt: timestamp('clawed_back_at', { withTimezone: true }),
  },
  (t) => [
    index('credit_lots_user_id_expires_at_idx').on(t.userId, t.expiresAt),
    check('credit_lots_remaining_check', sql`${t.creditsRemaining} >= 0`),
    check('credit_lots_remaining_total_check', sql`${t.creditsRemaining} <= ${t.creditsTotal}`),
    check(
      'credit_lots_source_check',
      sql`${t.source} in ('purchase', 'subscription', 'grant', 'refund', 'referral', 'gift')`,
    ),
  ],
);

export type CreditLotRow = typeof creditLots.$inferSelect;
