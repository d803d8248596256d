import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

const DEMO_OBJECT_KINDS = ['payment_method', 'payment_intent', 'subscription', 'invoice'] as const;
export type DemoObjectKind = (typeof DEMO_OBJECT_KINDS)[number];

/**
 * The demo gateway's own records: a stand-in for the objects Stripe keeps on its side (DESIGN.md
 * section 6). In the database, not in memory, so several server processes see the same payments.
 */
export const demoGatewayObjects = pgTable(
  'demo_gateway_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: DEMO_OBJECT_KINDS }).notNull(),
    // The learner the object was made for; the demo calls refuse anyone else.
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('demo_gateway_objects_kind_idx').on(t.kind),
    check(
      'demo_gateway_objects_kind_check',
      sql`${t.kind} in ('payment_method', 'payment_intent', 'subscription', 'invoice')`,
    ),
  ],
);
