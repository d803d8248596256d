import { sql } from 'drizzle-orm';
import { char, check, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Class types (SPEC.md "Class type"); the table keeps SPEC.md's field names. */
export const courses = pgTable(
  'courses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseTitle: varchar('course_title', { length: 120 }).notNull(),
    // Optional in SPEC.md; the calendar shows white when missing.
    courseColor: varchar('course_color', { length: 7 }),
    status: char('status', { length: 1, enum: ['1', '0'] })
      .notNull()
      .default('1'),
    numberToken: integer('number_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('courses_status_check', sql`${t.status} in ('1', '0')`),
    check('courses_color_check', sql`${t.courseColor} ~ '^#[0-9A-Fa-f]{6}$'`),
    check('courses_number_token_check', sql`${t.numberToken} >= 1`),
  ],
);

export type CourseRow = typeof courses.$inferSelect;
