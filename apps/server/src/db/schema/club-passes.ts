import { CLUB_PASS_EVENT_KINDS } from '@tokenly/contract/club-pass';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { users } from './users';

/**
 * A learner's Conversation Club pass: club classes starting in [starts_at, ends_at) are booked with it.
 * One row per learner, also its lock: grants, ends, refunds and club bookings serialise on it.
 */
export const clubPasses = pgTable(
  'club_passes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('club_passes_period_check', sql`${t.endsAt} >= ${t.startsAt}`)],
);

export type ClubPassRow = typeof clubPasses.$inferSelect;

/**
 * Append-only, as the credit ledger: every change of a pass with the days it added (granted, extended)
 * or took away (ended, refunded), who or which payment made it, and why.
 */
export const clubPassEvents = pgTable(
  'club_pass_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: CLUB_PASS_EVENT_KINDS }).notNull(),
    fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
    untilAt: timestamp('until_at', { withTimezone: true }).notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    actorId: integer('actor_id').references(() => users.id),
    note: varchar('note', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('club_pass_events_user_id_created_at_idx').on(t.userId, t.createdAt),
    // A payment adds its pass days once and has them taken back once, however often its events arrive.
    uniqueIndex('club_pass_events_payment_grant_unique')
      .on(t.paymentId)
      .where(sql`${t.kind} in ('granted', 'extended')`),
    uniqueIndex('club_pass_events_payment_refund_unique').on(t.paymentId).where(sql`${t.kind} = 'refunded'`),
    check('club_pass_events_kind_check', sql`${t.kind} in ('granted', 'extended', 'ended', 'refunded')`),
    check('club_pass_events_period_check', sql`${t.untilAt} >= ${t.fromAt}`),
  ],
);

export type ClubPassEventRow = typeof clubPassEvents.$inferSelect;
