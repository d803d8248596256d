import { sql } from 'drizzle-orm';
import { boolean, char, check, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

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
    // The CEFR levels the type is for, as ranks from 1 (A1) to 6 (C2), both null for all levels; its
    // classes inherit them. A short description.
    levelMin: smallint('level_min'),
    levelMax: smallint('level_max'),
    description: varchar('description', { length: 300 }),
    // The home page's course card: the levels in the school's words ("A2 to B1"), the format ("Live
    // online, up to 8 learners"), and the tab (1..6, a line of the school setting course_tabs) it is
    // listed under; null keeps the type off the home page.
    levelRange: varchar('level_range', { length: 60 }),
    format: varchar('format', { length: 120 }),
    siteTab: smallint('site_tab'),
    // A club class type is booked with the Conversation Club pass, never with tokens.
    club: boolean('club').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('courses_status_check', sql`${t.status} in ('1', '0')`),
    check('courses_color_check', sql`${t.courseColor} ~ '^#[0-9A-Fa-f]{6}$'`),
    check('courses_number_token_check', sql`${t.numberToken} >= 1`),
    check(
      'courses_level_range_check',
      sql`(${t.levelMin} IS NULL AND ${t.levelMax} IS NULL) OR (${t.levelMin} between 1 and 6 AND ${t.levelMax} between ${t.levelMin} and 6)`,
    ),
    check('courses_site_tab_check', sql`${t.siteTab} between 1 and 6`),
  ],
);

export type CourseRow = typeof courses.$inferSelect;
