import { REFERRAL_FLAGS, REFERRAL_STATES } from '@tokenly/contract/referrals';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { creditLots } from './credit-lots';
import { payments } from './payments';
import { users } from './users';

/**
 * A friend who signed up through a sponsor's link: one row per friend (a sponsor is never changed), and
 * the lock under which its rewards move. The friend's bonus and the sponsor's reward are credit lots,
 * linked here, granted through the ledger.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sponsorId: integer('sponsor_id')
      .notNull()
      .references(() => users.id),
    friendId: integer('friend_id')
      .notNull()
      .references(() => users.id),
    state: text('state', { enum: REFERRAL_STATES }).notNull().default('signed_up'),
    // Why it is held for an administrator: the friend looks like the sponsor.
    flag: text('flag', { enum: REFERRAL_FLAGS }),
    // The friend's first paid purchase: its refund or dispute withdraws the referral.
    paymentId: integer('payment_id').references(() => payments.id),
    friendLotId: integer('friend_lot_id').references(() => creditLots.id),
    sponsorLotId: integer('sponsor_lot_id').references(() => creditLots.id),
    // The purchase must stand until then (and the friend attend a class) before the sponsor is rewarded.
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    decisionNote: varchar('decision_note', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('referrals_friend_id_unique').on(t.friendId),
    // The monthly cap counts a sponsor's rewards of a month.
    index('referrals_sponsor_id_rewarded_at_idx').on(t.sponsorId, t.rewardedAt),
    index('referrals_payment_id_idx').on(t.paymentId),
    index('referrals_due_idx').on(t.holdUntil).where(sql`${t.state} = 'purchased'`),
    index('referrals_created_at_idx').on(t.createdAt, t.id),
    check('referrals_not_self_check', sql`${t.sponsorId} <> ${t.friendId}`),
    check(
      'referrals_state_check',
      sql`${t.state} in ('signed_up', 'purchased', 'held', 'rewarded', 'qualified', 'withdrawn', 'rejected')`,
    ),
    check('referrals_flag_check', sql`${t.flag} in ('same_email', 'same_card')`),
  ],
);

export type ReferralRow = typeof referrals.$inferSelect;
