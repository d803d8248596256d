import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { courses } from './courses';
import { users } from './users';

/**
 * A weekly rule that schedules point to. The rule is kept (not only its classes) so a series
 * can be extended and "this and following" found; each class is still an ordinary schedule row.
 */
export const classSeries = pgTable(
  'class_series',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    title: varchar('title', { length: 200 }).notNull(),
    // 0 = Sunday ... 6 = Saturday.
    weekdays: smallint('weekdays').array().notNull(),
    // Wall-clock HH:MM in time_zone: the time holds across DST changes, the UTC instant moves.
    startTime: varchar('start_time', { length: 5 }).notNull(),
    // The school's zone when the series was made, so a later settings change does not move its classes.
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    firstDate: date('first_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    noOfUsers: integer('no_of_users').notNull(),
    numberToken: integer('number_token').notNull(),
    meetingLink: text('meeting_link'),
    meetingStart: text('meeting_start'),
    // The teacher every class of the series is given (a user of role teacher).
    teacherId: integer('teacher_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('class_series_dates_check', sql`${t.endDate} >= ${t.firstDate}`),
    check('class_series_weekdays_check', sql`cardinality(${t.weekdays}) between 1 and 7`),
  ],
);

export type ClassSeriesRow = typeof classSeries.$inferSelect;
