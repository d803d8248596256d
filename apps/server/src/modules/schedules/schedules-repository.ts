import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { type ScheduleRow, schedules } from '../../db/schema/schedules';

export type ScheduleWithCourse = ScheduleRow & { courseTitle: string; courseColor: string | null };
export type ScheduleValues = Pick<
  typeof schedules.$inferInsert,
  | 'courseId'
  | 'title'
  | 'startsAt'
  | 'noOfUsers'
  | 'numberToken'
  | 'meetingLink'
  | 'meetingStart'
  | 'teacherName'
>;

function selectWithCourse(db: Database) {
  return db
    .select({ schedule: schedules, courseTitle: courses.courseTitle, courseColor: courses.courseColor })
    .from(schedules)
    .innerJoin(courses, eq(courses.id, schedules.courseId));
}

const flatten = ({
  schedule,
  courseTitle,
  courseColor,
}: {
  schedule: ScheduleRow;
  courseTitle: string;
  courseColor: string | null;
}) => ({
  ...schedule,
  courseTitle,
  courseColor,
});

/**
 * One side of the admin list (see countSchedules): classes still to come, soonest first, or past ones,
 * latest first. Each side is a range of the starts_at index, so a page never sorts the whole table.
 */
export async function listSchedules(
  db: Database,
  side: 'upcoming' | 'past',
  { offset, limit, now }: { offset: number; limit: number; now: Date },
): Promise<ScheduleWithCourse[]> {
  const rows = await selectWithCourse(db)
    .where(side === 'upcoming' ? gte(schedules.startsAt, now) : lt(schedules.startsAt, now))
    .orderBy(side === 'upcoming' ? asc(schedules.startsAt) : desc(schedules.startsAt), asc(schedules.id))
    .limit(limit)
    .offset(offset);
  return rows.map(flatten);
}

/** All classes, and how many of them are still to come, in one read. */
export async function countSchedules(db: Database, now: Date): Promise<{ total: number; upcoming: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      upcoming: sql<number>`(count(*) filter (where ${schedules.startsAt} >= ${now.toISOString()}::timestamptz))::int`,
    })
    .from(schedules);
  return row ?? { total: 0, upcoming: 0 };
}

export async function findSchedule(db: Database, id: number): Promise<ScheduleWithCourse | undefined> {
  const [row] = await selectWithCourse(db).where(eq(schedules.id, id)).limit(1);
  return row && flatten(row);
}

export async function insertSchedule(db: Database, values: ScheduleValues): Promise<ScheduleRow> {
  const [schedule] = await db.insert(schedules).values(values).returning();
  if (!schedule) throw new Error('insert into schedules returned no row');
  return schedule;
}

/**
 * Writes the new values only while the seats already taken still fit the new capacity, in the same
 * statement, so a booking landing between the service's check and this write cannot be squeezed out.
 * Undefined when the class is gone or no longer fits.
 */
export async function updateScheduleWithinCapacity(
  db: Database,
  id: number,
  values: ScheduleValues,
): Promise<ScheduleRow | undefined> {
  const [schedule] = await db
    .update(schedules)
    .set(values)
    .where(and(eq(schedules.id, id), lte(schedules.seatsTaken, values.noOfUsers)))
    .returning();
  return schedule;
}
