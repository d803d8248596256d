import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { tokenPlans } from './token-plans';
import { users } from './users';

/**
 * A subscribe call in progress for one learner and plan. Its primary key lets only one such call reach
 * the payment provider at a time, so two tabs or a double submit can never start (and charge) two
 * subscriptions; the "already subscribed" check alone would let both through. Rows live for one call.
 */
export const subscriptionClaims = pgTable(
  'subscription_claims',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenPlanId: integer('token_plan_id')
      .notNull()
      .references(() => tokenPlans.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tokenPlanId] })],
);
