import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const tokenPlans = pgTable(
  'token_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenTitle: varchar('token_title', { length: 120 }).notNull(),
    // 0 for a club plan: it runs the Club pass and grants no tokens.
    tokenCredit: integer('token_credit').notNull(),
    // Days the bought tokens stay usable.
    tokenExpiry: integer('token_expiry').notNull(),
    // USD cents, VAT included.
    amount: integer('amount').notNull(),
    kind: text('kind', { enum: ['package', 'membership', 'club'] }).notNull(),
    intervalMonths: integer('interval_months'),
    // Months of Conversation Club pass that buying the plan brings (SPEC.md section 9: packages 3 and 4).
    clubMonths: integer('club_months').notNull().default(0),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('token_plans_sort_order_idx').on(t.sortOrder),
    check('token_plans_kind_check', sql`${t.kind} in ('package', 'membership', 'club')`),
    // A membership or club plan renews every interval_months; a package never does.
    check(
      'token_plans_interval_check',
      sql`(${t.kind} in ('membership', 'club')) = (${t.intervalMonths} is not null)`,
    ),
    check('token_plans_interval_positive_check', sql`${t.intervalMonths} >= 1`),
    // Passes never mix with credits: a club plan grants none, every other plan some.
    check(
      'token_plans_credit_check',
      sql`case when ${t.kind} = 'club' then ${t.tokenCredit} = 0 else ${t.tokenCredit} >= 1 end`,
    ),
    check('token_plans_expiry_check', sql`${t.tokenExpiry} >= 1`),
    check('token_plans_amount_check', sql`${t.amount} >= 0`),
    check('token_plans_club_months_check', sql`${t.clubMonths} BETWEEN 0 AND 12`),
  ],
);

export type TokenPlanRow = typeof tokenPlans.$inferSelect;
