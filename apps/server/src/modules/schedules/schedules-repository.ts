import { and, asc, desc, eq, gt, gte, inArray, lt, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { MAX_CLASS_MINUTES, type ScheduleRow, schedules } from '../../db/schema/schedules';
import { teacherNameOf } from '../teachers/teacher-name';
import { waitingCountOf } from '../waitlist/waitlist-repository';

export type ScheduleWithCourse = ScheduleRow & {
  courseTitle: string;
  courseColor: string | null;
  teacherName: string | null;
  waitlistCount: number;
};
export type ScheduleValues = Pick<
  typeof schedules.$inferInsert,
  | 'courseId'
  | 'title'
  | 'startsAt'
  | 'noOfUsers'
  | 'numberToken'
  | 'meetingLink'
  | 'meetingStart'
  | 'teacherId'
>;

/** A class's length when the form does not set one: the column's default (SPEC.md: 50 minutes). */
export const DEFAULT_CLASS_MINUTES = schedules.durationMin.default as number;

/**
 * A class with its type, its teacher and how many wait for it: what every read here gives. Every column
 * has a name, so the bench's pgbench twin can store the row (`\gset`).
 */
const withCourse = {
  schedule: schedules,
  courseTitle: courses.courseTitle,
  courseColor: courses.courseColor,
  teacherName: teacherNameOf.as('teacher_name'),
  waitlistCount: waitingCountOf(schedules.id).as('waitlist_count'),
};

function selectWithCourse(db: Database) {
  return db.select(withCourse).from(schedules).innerJoin(courses, eq(courses.id, schedules.courseId));
}

const flatten = ({
  schedule,
  ...joined
}: { schedule: ScheduleRow } & Omit<ScheduleWithCourse, keyof ScheduleRow>): ScheduleWithCourse => ({
  ...schedule,
  ...joined,
});

/** The admin list's filters; `since`/`before` are instants (the school's day boundaries). */
export type ScheduleFilter = {
  courseId?: number;
  seriesId?: number;
  teacherId?: number;
  since?: Date;
  before?: Date;
};

function filterOf(filter: ScheduleFilter): SQL | undefined {
  return and(
    filter.courseId === undefined ? undefined : eq(schedules.courseId, filter.courseId),
    filter.seriesId === undefined ? undefined : eq(schedules.seriesId, filter.seriesId),
    filter.teacherId === undefined ? undefined : eq(schedules.teacherId, filter.teacherId),
    filter.since === undefined ? undefined : gte(schedules.startsAt, filter.since),
    filter.before === undefined ? undefined : lt(schedules.startsAt, filter.before),
  );
}

/**
 * The admin list's order, as ids: classes still to come, soonest first, then past ones, latest first.
 * Each side is a range of the starts_at index, so nothing sorts the whole table. Read once per cache
 * window and shared by the pages: a deep page then costs what the first one does, where its
 * OFFSET had skipped through thousands of index entries (6 ms at offset 9,000) for every read.
 */
export async function listScheduleOrder(
  db: Database,
  now: Date,
  filter: ScheduleFilter = {},
): Promise<{ upcoming: number[]; past: number[] }> {
  const side = (upcoming: boolean) =>
    db
      .select({ id: schedules.id })
      .from(schedules)
      .where(and(upcoming ? gte(schedules.startsAt, now) : lt(schedules.startsAt, now), filterOf(filter)))
      .orderBy(upcoming ? asc(schedules.startsAt) : desc(schedules.startsAt), asc(schedules.id));
  const [upcoming, past] = await Promise.all([side(true), side(false)]);
  return { upcoming: upcoming.map((row) => row.id), past: past.map((row) => row.id) };
}

/** The classes of `ids` that still exist, in no particular order. */
export async function listSchedulesOf(db: Database, ids: number[]): Promise<ScheduleWithCourse[]> {
  if (ids.length === 0) return [];
  const rows = await selectWithCourse(db).where(inArray(schedules.id, ids));
  return rows.map(flatten);
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

/**
 * Classes still running at `at` or to come: those whose end is after it. The end alone is no range of
 * any index and would have every past class read, so the start is bounded too, by the longest a class
 * may last: the starts_at indexes then give only the last day's classes and those to come.
 */
export const endsAfter = (at: Date): SQL | undefined =>
  and(
    gt(schedules.startsAt, new Date(at.getTime() - MAX_CLASS_MINUTES * 60_000)),
    sql`${schedules.startsAt} + make_interval(mins => ${schedules.durationMin}) > ${at.toISOString()}::timestamptz`,
  );

/**
 * A teacher's classes still on that overlap [from, to) at some point, other than `except`, earliest first:
 * the candidates of a clash, which the caller compares with each class it schedules.
 */
export async function findTeacherClassesBetween(
  db: Database,
  teacherId: number,
  { from, to, except }: { from: Date; to: Date; except: number[] },
): Promise<ScheduleWithCourse[]> {
  const rows = await selectWithCourse(db)
    .where(
      and(
        eq(schedules.teacherId, teacherId),
        eq(schedules.status, 'scheduled'),
        lt(schedules.startsAt, to),
        endsAfter(from),
        except.length === 0 ? undefined : notInArray(schedules.id, except),
      ),
    )
    .orderBy(asc(schedules.startsAt), asc(schedules.id));
  return rows.map(flatten);
}
