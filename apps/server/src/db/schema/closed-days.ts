import { date, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The school's holidays: days (in the school's time zone) without classes. New weekly series skip them,
 * and a single class is not put on one unless the administrator confirms.
 */
export const closedDays = pgTable(
  'closed_days',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    day: date('day', { mode: 'string' }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('closed_days_day_unique').on(t.day)],
);

export type ClosedDayRow = typeof closedDays.$inferSelect;
