import { SUBSCRIPTION_STATUSES } from '@tokenly/contract/checkout';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { tokenPlans } from './token-plans';
import { users } from './users';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenPlanId: integer('token_plan_id')
      .notNull()
      .references(() => tokenPlans.id),
    provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
    providerRef: text('provider_ref').notNull(),
    // Stripe's subscription statuses, kept verbatim so webhooks map one to one.
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    // USD cents of each period, as priced at checkout: a later change of the plan's price does not
    // change what a running subscription brings in (the provider keeps charging the old price).
    amount: integer('amount').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    // A renewal's payment failed: since when (kept through the retries, cleared once paid), and when the
    // provider tries the card again (null after the last try, or when the provider does not say).
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    nextPaymentAttempt: timestamp('next_payment_attempt', { withTimezone: true }),
    // A pause of billing: from the renewal it starts at (nothing charged, no tokens granted) to the
    // renewal that charges again. Both null when no pause is planned or running.
    pausedFrom: timestamp('paused_from', { withTimezone: true }),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_ref_unique').on(t.providerRef),
    index('subscriptions_user_id_idx').on(t.userId),
    // The administrator's list filtered by status and ordered by the next charge.
    index('subscriptions_status_next_idx').on(t.status, t.currentPeriodEnd),
    check('subscriptions_provider_check', sql`${t.provider} in ('stripe', 'demo')`),
    check('subscriptions_amount_check', sql`${t.amount} >= 0`),
    check(
      'subscriptions_status_check',
      sql`${t.status} in ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused')`,
    ),
  ],
);

/**
 * Every pause asked for (by the learner, or by an administrator with a reason): how often a learner
 * paused in the last year, and by how much their credits' expiry was moved, so an early resume can move
 * it back.
 */
export const subscriptionPauses = pgTable(
  'subscription_pauses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    months: integer('months').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    resumedAt: timestamp('resumed_at', { withTimezone: true }),
    // What the credits held when it was asked for gained in expiry (0 when the school does not extend).
    extendedMs: bigint('extended_ms', { mode: 'number' }).notNull().default(0),
    // The newest credit lot the learner held then: the lots an early resume moves back.
    heldLotId: integer('held_lot_id'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    reason: varchar('reason', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscription_pauses_subscription_id_idx').on(t.subscriptionId, t.createdAt),
    check('subscription_pauses_months_check', sql`${t.months} BETWEEN 1 AND 3`),
  ],
);

/**
 * Every change of a membership's plan: an upgrade, charged pro rata for the rest of the period and its
 * extra credits granted at once (`provider_ref` is the invoice of that charge), or a downgrade, whose
 * price and credits start at the next renewal (`applied_at` once that renewal is paid).
 */
export const subscriptionPlanChanges = pgTable(
  'subscription_plan_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    fromPlanId: integer('from_plan_id')
      .notNull()
      .references(() => tokenPlans.id),
    toPlanId: integer('to_plan_id')
      .notNull()
      .references(() => tokenPlans.id),
    kind: text('kind', { enum: ['upgrade', 'downgrade'] }).notNull(),
    // USD cents charged at once and credits granted at once (both 0 for a downgrade).
    amount: integer('amount').notNull().default(0),
    credits: integer('credits').notNull().default(0),
    takesEffectAt: timestamp('takes_effect_at', { withTimezone: true }).notNull(),
    providerRef: text('provider_ref'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    // Null when the provider reported it before our own call came back (a webhook).
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('subscription_plan_changes_provider_ref_unique').on(t.providerRef),
    index('subscription_plan_changes_subscription_id_idx').on(t.subscriptionId, t.createdAt),
    check('subscription_plan_changes_kind_check', sql`${t.kind} in ('upgrade', 'downgrade')`),
    check('subscription_plan_changes_amount_check', sql`${t.amount} >= 0 and ${t.credits} >= 0`),
  ],
);
