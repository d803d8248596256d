import { PROMO_DISCOUNT_KINDS } from '@tokenly/contract/promo-codes';
import { sql } from 'drizzle-orm';
import {
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
import { payments } from './payments';
import { tokenPlans } from './token-plans';
import { users } from './users';

/** The school's promo codes (docs/referrals.md#promo-codes); the row is the lock its uses are counted under. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // Upper case: learners type it in any case.
    code: varchar('code', { length: 32 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    kind: text('kind', { enum: PROMO_DISCOUNT_KINDS }).notNull(),
    percentOff: integer('percent_off'),
    // USD cents.
    amountOff: integer('amount_off'),
    // Empty: every package.
    tokenPlanIds: integer('token_plan_ids').array().notNull().default(sql`'{}'::integer[]`),
    firstPurchaseOnly: boolean('first_purchase_only').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerLearner: integer('max_uses_per_learner'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_unique').on(t.code),
    index('promo_codes_created_at_idx').on(t.createdAt, t.id),
    check('promo_codes_kind_check', sql`${t.kind} in ('percent', 'amount')`),
    check(
      'promo_codes_value_check',
      sql`case when ${t.kind} = 'percent' then ${t.percentOff} between 1 and 100 else ${t.amountOff} >= 1 end`,
    ),
    check(
      'promo_codes_dates_check',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`,
    ),
    check('promo_codes_limits_check', sql`${t.maxUses} >= 1 and ${t.maxUsesPerLearner} >= 1`),
  ],
);

export const PROMO_REDEMPTION_STATES = ['held', 'redeemed', 'released'] as const;

/**
 * One checkout with a code: held while its payment is made (counted against the limits until
 * `held_until`), redeemed with the payment it discounted, released when the gateway refused to start it.
 */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenPlanId: integer('token_plan_id')
      .notNull()
      .references(() => tokenPlans.id),
    // The code as it was entered: the payment list keeps it if the code is renamed later.
    code: varchar('code', { length: 32 }).notNull(),
    // USD cents: the plan's price and what the code took off it.
    price: integer('price').notNull(),
    discount: integer('discount').notNull(),
    state: text('state', { enum: PROMO_REDEMPTION_STATES }).notNull().default('held'),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    // The payment intent the checkout charges.
    providerRef: varchar('provider_ref', { length: 255 }),
    paymentId: integer('payment_id').references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('promo_redemptions_code_state_idx').on(t.promoCodeId, t.state),
    index('promo_redemptions_user_idx').on(t.userId, t.promoCodeId),
    uniqueIndex('promo_redemptions_provider_ref_unique').on(t.providerRef),
    uniqueIndex('promo_redemptions_payment_id_unique').on(t.paymentId),
    check('promo_redemptions_state_check', sql`${t.state} in ('held', 'redeemed', 'released')`),
    check('promo_redemptions_discount_check', sql`${t.discount} >= 0 and ${t.discount} < ${t.price}`),
  ],
);

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoRedemptionRow = typeof promoRedemptions.$inferSelect;
