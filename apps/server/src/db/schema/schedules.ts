import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { classSeries } from './class-series';
import { courses } from './courses';
import { users } from './users';

/** The longest a class may last, in minutes: a day (schedules_duration_check holds it). */
export const MAX_CLASS_MINUTES = 1440;

export const schedules = pgTable(
  'schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    title: varchar('title', { length: 200 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    // SPEC.md section 9: a lesson is 50 minutes.
    durationMin: integer('duration_min').notNull().default(50),
    noOfUsers: integer('no_of_users').notNull(),
    numberToken: integer('number_token').notNull(),
    meetingLink: text('meeting_link'),
    // SPEC.md calls the host link meeting_start.
    meetingStart: text('meeting_start'),
    // The teacher (a user of role teacher) who gives the class; null until one is assigned.
    teacherId: integer('teacher_id').references(() => users.id),
    seatsTaken: integer('seats_taken').notNull().default(0),
    status: text('status', { enum: ['scheduled', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The weekly series this class belongs to; null for a one-off class.
    seriesId: integer('series_id').references(() => classSeries.id),
    // Each change its learners were told of (time, teacher, meeting link, type) counts one up: the calendar
    // files' SEQUENCE, so a calendar takes the new event over the one it has.
    revision: integer('revision').notNull().default(0),
    // When learners were last told of a change, and when the start last moved: a booking made before
    // `moved_at` may be cancelled free of charge whatever the window.
    changedAt: timestamp('changed_at', { withTimezone: true }),
    movedAt: timestamp('moved_at', { withTimezone: true }),
  },
  (t) => [
    // (starts_at, id): the admin list's order, so a deep page reads the index only and sorts nothing;
    // it serves every query the starts_at index alone did, which it replaced.
    index('schedules_starts_at_id_idx').on(t.startsAt, t.id),
    index('schedules_course_id_idx').on(t.courseId),
    index('schedules_series_starts_at_idx').on(t.seriesId, t.startsAt),
    index('schedules_teacher_id_starts_at_idx').on(t.teacherId, t.startsAt),
    // The last line of defence against overbooking (DESIGN.md section 6).
    check('schedules_seats_check', sql`${t.seatsTaken} between 0 and ${t.noOfUsers}`),
    check('schedules_status_check', sql`${t.status} in ('scheduled', 'cancelled')`),
    check('schedules_no_of_users_check', sql`${t.noOfUsers} >= 1`),
    check('schedules_number_token_check', sql`${t.numberToken} >= 1`),
    // A class that started more than a day ago has ended, so the queries for classes not yet over read
    // the starts_at index from a day back, not every class.
    check(
      'schedules_duration_check',
      sql`${t.durationMin} between 1 and ${sql.raw(String(MAX_CLASS_MINUTES))}`,
    ),
  ],
);

export type ScheduleRow = typeof schedules.$inferSelect;
