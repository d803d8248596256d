import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { creditLots } from './credit-lots';
import { payments } from './payments';
import { tokenPlans } from './token-plans';
import { users } from './users';

/**
 * A package bought for someone else. Written when the checkout starts (pending, unseen), paid when its
 * payment is recorded (scheduled), mailed at its delivery date (sent), then redeemed once or refunded.
 * The package's credits and days are kept as bought, so a later change of the plan changes no gift.
 * Only the code's SHA-256 is kept: the code itself is in the recipient's mail alone.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    tokenPlanId: integer('token_plan_id')
      .notNull()
      .references(() => tokenPlans.id),
    paymentId: integer('payment_id').references(() => payments.id),
    state: text('state', { enum: ['pending', 'scheduled', 'sent', 'redeemed', 'refunded'] })
      .notNull()
      .default('pending'),
    credits: integer('credits').notNull(),
    // The package's expiry in days, counted from redemption.
    expiryDays: integer('expiry_days').notNull(),
    // USD cents, as charged.
    amount: integer('amount').notNull(),
    recipientEmail: varchar('recipient_email', { length: 254 }).notNull(),
    message: varchar('message', { length: 500 }).notNull().default(''),
    deliverOn: date('deliver_on', { mode: 'string' }).notNull(),
    // The start of deliver_on in the buyer's zone: the job mails the code from then.
    deliverAt: timestamp('deliver_at', { withTimezone: true }).notNull(),
    codeHash: text('code_hash'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    redeemedBy: integer('redeemed_by').references(() => users.id),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    lotId: integer('lot_id').references(() => creditLots.id),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('gifts_payment_id_unique').on(t.paymentId),
    uniqueIndex('gifts_code_hash_unique').on(t.codeHash),
    index('gifts_buyer_id_created_at_idx').on(t.buyerId, t.createdAt),
    index('gifts_due_idx').on(t.deliverAt).where(sql`${t.state} = 'scheduled'`),
    check('gifts_state_check', sql`${t.state} in ('pending', 'scheduled', 'sent', 'redeemed', 'refunded')`),
    check('gifts_credits_check', sql`${t.credits} > 0`),
  ],
);

export type GiftRow = typeof gifts.$inferSelect;
