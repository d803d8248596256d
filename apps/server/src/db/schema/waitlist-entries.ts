import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { schedules } from './schedules';
import { users } from './users';

export const WAITLIST_STATUSES = ['waiting', 'promoted', 'left', 'removed', 'closed'] as const;

/**
 * A learner's place in the queue of a full class. `waiting` is the queue itself, ordered by
 * joined_at then id; the other statuses are how an entry ended, kept so a learner's history reads true.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    /** The booking a promotion made. */
    bookingId: integer('booking_id').references(() => bookings.id),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    // One place in line per learner and class; one who left may join again, at the back.
    uniqueIndex('waitlist_entries_waiting_unique')
      .on(t.scheduleId, t.userId)
      .where(sql`${t.status} = 'waiting'`),
    index('waitlist_entries_queue_idx')
      .on(t.scheduleId, t.joinedAt, t.id)
      .where(sql`${t.status} = 'waiting'`),
    index('waitlist_entries_user_id_idx').on(t.userId),
    check(
      'waitlist_entries_status_check',
      sql`${t.status} in ('waiting', 'promoted', 'left', 'removed', 'closed')`,
    ),
  ],
);

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
