import { LEDGER_REASONS } from '@tokenly/contract/credits';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { creditLots } from './credit-lots';
import { payments } from './payments';
import { users } from './users';

/** Append-only record of every credit movement; the lots must always add up to it (DESIGN.md section 4). */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: LEDGER_REASONS }).notNull(),
    bookingId: integer('booking_id').references(() => bookings.id),
    paymentId: integer('payment_id').references(() => payments.id),
    lotId: integer('lot_id').references(() => creditLots.id),
    // An admin adjustment keeps who made it and why; null for automatic movements.
    note: varchar('note', { length: 200 }),
    actorId: integer('actor_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('credit_ledger_booking_id_idx').on(t.bookingId),
    index('credit_ledger_lot_id_idx').on(t.lotId),
    // A late cancel moves nothing: its row records that the booking kept its credits.
    check('credit_ledger_delta_check', sql`${t.delta} <> 0 or ${t.reason} = 'late_cancel'`),
    check(
      'credit_ledger_reason_check',
      sql`${t.reason} in ('purchase', 'subscription', 'grant', 'booking', 'refund', 'expiry', 'adjustment', 'clawback', 'late_cancel', 'waiver', 'transfer', 'referral', 'rollover', 'gift')`,
    ),
  ],
);
