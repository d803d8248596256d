import { and, asc, eq, gte, inArray, lt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ClosedDayRow, closedDays } from '../../db/schema/closed-days';
import { schedules } from '../../db/schema/schedules';
import { teacherNameOf } from '../teachers/teacher-name';

export async function listClosedDays(db: Database): Promise<ClosedDayRow[]> {
  return db.select().from(closedDays).orderBy(asc(closedDays.day));
}

/** The closed days among `days` (ISO dates) or, with a range, from..to inclusive, in date order. */
export async function findClosedDays(
  db: Database,
  query: { days: string[] } | { from: string; to: string },
): Promise<ClosedDayRow[]> {
  if ('days' in query && query.days.length === 0) return [];
  const where =
    'days' in query
      ? inArray(closedDays.day, query.days)
      : and(gte(closedDays.day, query.from), lte(closedDays.day, query.to));
  return db.select().from(closedDays).where(where).orderBy(asc(closedDays.day));
}

/** Undefined when the day is closed already (the unique index decides between concurrent adds). */
export async function insertClosedDay(
  tx: Database,
  values: typeof closedDays.$inferInsert,
): Promise<ClosedDayRow | undefined> {
  const [row] = await tx
    .insert(closedDays)
    .values(values)
    .onConflictDoNothing({ target: closedDays.day })
    .returning();
  return row;
}

export async function deleteClosedDay(db: Database, id: number): Promise<ClosedDayRow | undefined> {
  const [row] = await db.delete(closedDays).where(eq(closedDays.id, id)).returning();
  return row;
}

/** The classes still on that start between the instants (a school day's two midnights), soonest first. */
export async function classesStartingBetween(db: Database, from: Date, before: Date) {
  return db
    .select({
      id: schedules.id,
      title: schedules.title,
      startsAt: schedules.startsAt,
      seatsTaken: schedules.seatsTaken,
      teacherName: teacherNameOf,
    })
    .from(schedules)
    .where(
      and(eq(schedules.status, 'scheduled'), gte(schedules.startsAt, from), lt(schedules.startsAt, before)),
    )
    .orderBy(asc(schedules.startsAt), asc(schedules.id));
}
