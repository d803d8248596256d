import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { subscriptions } from './subscriptions';
import { tokenPlans } from './token-plans';
import { users } from './users';

export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenPlanId: integer('token_plan_id')
      .notNull()
      .references(() => tokenPlans.id),
    provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
    // Payment intent or invoice id: granting tokens is idempotent per provider_ref (DESIGN.md section 6).
    providerRef: text('provider_ref').notNull(),
    // USD cents.
    amount: integer('amount').notNull(),
    numberToken: integer('number_token').notNull(),
    // SPEC.md: 1 means subscription.
    membership: smallint('membership').notNull().default(0),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'refunded'] }).notNull(),
    // The membership an invoice pays (null for one-time payments): its first payment is the first period.
    subscriptionId: integer('subscription_id').references(() => subscriptions.id),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // USD cents gone back to the card so far, whoever started it (an administrator here, or
    // the school in the provider's dashboard); a full refund also sets status 'refunded'.
    amountRefunded: integer('amount_refunded').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    // The administrator who refunded last, or null with the provider's event that reported it.
    refundedBy: integer('refunded_by').references((): AnyPgColumn => users.id),
    refundEventId: text('refund_event_id'),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    // A failed payment's reason, as the provider gave it (a declined card, a failed 3-D Secure step).
    failureReason: varchar('failure_reason', { length: 500 }),
    // The provider's fingerprint of the card that paid (one per card number): the referral hold compares it.
    cardFingerprint: varchar('card_fingerprint', { length: 100 }),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_unique').on(t.providerRef),
    index('payments_user_id_created_at_idx').on(t.userId, t.createdAt),
    // The payment list: newest first with the id breaking ties (also the export's keyset), and by status
    // or plan in that order.
    index('payments_created_at_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('payments_status_created_at_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('payments_token_plan_id_created_at_idx').on(
      t.tokenPlanId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('payments_subscription_id_idx').on(t.subscriptionId),
    index('payments_card_fingerprint_idx').on(t.cardFingerprint).where(sql`${t.cardFingerprint} is not null`),
    check('payments_provider_check', sql`${t.provider} in ('stripe', 'demo')`),
    check('payments_membership_check', sql`${t.membership} in (0, 1)`),
    check('payments_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed', 'refunded')`),
    check('payments_amount_check', sql`${t.amount} >= 0`),
    check('payments_amount_refunded_check', sql`${t.amountRefunded} between 0 and ${t.amount}`),
  ],
);
