import { PAGE_SIZE } from '@tokenly/contract/common';
import { and, eq, lte, sql } from 'drizzle-orm';
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

/** Classes still to come first (soonest first), then past ones (latest first): what an admin looks for. */
export async function listSchedules(db: Database, offset: number, now: Date): Promise<ScheduleWithCourse[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await selectWithCourse(db)
    .orderBy(
      sql`case when ${schedules.startsAt} >= ${at} then 0 else 1 end`,
      sql`case when ${schedules.startsAt} >= ${at} then ${schedules.startsAt} end asc`,
      sql`${schedules.startsAt} desc`,
      schedules.id,
    )
    .limit(PAGE_SIZE)
    .offset(offset);
  return rows.map(flatten);
}

export function countSchedules(db: Database): Promise<number> {
  return db.$count(schedules);
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
