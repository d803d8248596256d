import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schedules } from './schedules';
import { users } from './users';

export const bookings = pgTable(
  'bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id),
    // Copied from the schedule at booking time, so a later price change does not alter refunds.
    credits: integer('credits').notNull(),
    status: text('status', { enum: ['booked', 'cancelled'] })
      .notNull()
      .default('booked'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    // What the class's teacher recorded after the start; null until marked.
    attendance: text('attendance', { enum: ['attended', 'no_show'] }),
    attendanceMarkedBy: integer('attendance_marked_by').references(() => users.id),
    attendanceMarkedAt: timestamp('attendance_marked_at', { withTimezone: true }),
    // Cancelled by the learner inside the free-cancellation window, so the credits were kept.
    lateCancel: boolean('late_cancel').notNull().default(false),
    // An administrator gave back the credits of this late cancel or no-show (the reason is in
    // the ledger and the audit log); set once, which is what makes a second waiver fail.
    waivedAt: timestamp('waived_at', { withTimezone: true }),
    waivedBy: integer('waived_by').references(() => users.id),
    // Booked with the learner's Conversation Club pass (credits 0); counts toward the weekly allowance.
    clubPass: boolean('club_pass').notNull().default(false),
  },
  (t) => [
    // One active booking per learner and class; a cancelled one may be booked again.
    uniqueIndex('bookings_active_unique').on(t.userId, t.scheduleId).where(sql`${t.status} = 'booked'`),
    index('bookings_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('bookings_schedule_id_idx').on(t.scheduleId),
    check('bookings_status_check', sql`${t.status} in ('booked', 'cancelled')`),
    check('bookings_credits_check', sql`${t.credits} >= 0`),
    check('bookings_attendance_check', sql`${t.attendance} in ('attended', 'no_show')`),
    check('bookings_club_pass_check', sql`not ${t.clubPass} or ${t.credits} = 0`),
    index('bookings_user_id_club_pass_idx').on(t.userId).where(sql`${t.clubPass} and ${t.status} = 'booked'`),
    check('bookings_late_cancel_check', sql`not ${t.lateCancel} or ${t.status} = 'cancelled'`),
  ],
);
