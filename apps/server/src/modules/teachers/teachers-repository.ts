import { PAGE_SIZE } from '@tokenly/contract/common';
import type { TeacherClasses } from '@tokenly/contract/teachers';
import { type AnyColumn, and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { isoInstant } from '../../db/iso-instant';
import { preparedPer } from '../../db/prepared';
import { bookings } from '../../db/schema/bookings';
import { classJoins } from '../../db/schema/classroom';
import { courses } from '../../db/schema/courses';
import { schedules } from '../../db/schema/schedules';
import { type UserRow, users } from '../../db/schema/users';
import { waivable } from '../bookings/bookings-repository';
import { teacherNameOf } from './teacher-name';

const ofCourse = eq(courses.id, schedules.courseId);

// $count qualifies every column: a raw subquery over a one-table select gets bare names, and its bare
// "id" is the class's own id, so it counted the class whose id equals the teacher's.
const upcomingCount = (db: Database, now: Date) =>
  db.$count(
    schedules,
    and(eq(schedules.teacherId, users.id), eq(schedules.status, 'scheduled'), gt(schedules.startsAt, now)),
  );

export type TeacherWithCount = { user: UserRow; upcoming: number };

/** Teachers by name, with how many of their classes are still to come. */
export async function listTeachers(db: Database, now: Date, offset: number): Promise<TeacherWithCount[]> {
  return db
    .select({ user: users, upcoming: upcomingCount(db, now) })
    .from(users)
    .where(eq(users.role, 'teacher'))
    .orderBy(asc(users.name), asc(users.id))
    .limit(PAGE_SIZE)
    .offset(offset);
}

/** The school's teachers; `active`, only those whose account is not disabled (the dashboard's count). */
export function countTeachers(db: Database, { active }: { active: boolean }): Promise<number> {
  return db.$count(
    users,
    active ? and(eq(users.role, 'teacher'), isNull(users.disabledAt)) : eq(users.role, 'teacher'),
  );
}

export async function findTeacher(
  db: Database,
  id: number,
  now: Date,
): Promise<TeacherWithCount | undefined> {
  const [row] = await db
    .select({ user: users, upcoming: upcomingCount(db, now) })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'teacher')));
  return row;
}

/** Active teachers, for the class form's picker. */
export async function listTeacherOptions(db: Database) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.role, 'teacher'), isNull(users.disabledAt)))
    .orderBy(asc(users.name), asc(users.id));
}

export async function updateTeacher(
  db: Database,
  id: number,
  values: Pick<
    typeof users.$inferInsert,
    'name' | 'email' | 'bio' | 'headline' | 'photoUrl' | 'profileTags' | 'profilePublic'
  >,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, id), eq(users.role, 'teacher')))
    .returning();
  return row;
}

/** What the teacher's list shows of a class, as the API writes it (TeacherClass). */
const listedColumns = {
  id: schedules.id,
  title: schedules.title,
  course_title: courses.courseTitle,
  starts_at: isoInstant(schedules.startsAt),
  ends_at: isoInstant(sql`${schedules.startsAt} + ${schedules.durationMin} * interval '1 minute'`),
  status: schedules.status,
  seats_taken: schedules.seatsTaken,
  no_of_users: schedules.noOfUsers,
};
// Dates, not text: the attendance window compares them and the calendar feed formats them.
const classColumns = {
  id: schedules.id,
  title: schedules.title,
  courseTitle: courses.courseTitle,
  startsAt: schedules.startsAt,
  durationMin: schedules.durationMin,
  status: schedules.status,
  seatsTaken: schedules.seatsTaken,
  noOfUsers: schedules.noOfUsers,
  meetingLink: schedules.meetingLink,
  meetingStart: schedules.meetingStart,
  teacherId: schedules.teacherId,
  revision: schedules.revision,
};

/**
 * A teacher's classes from `from` on, earliest first, or (`recent`) those in [`recentFrom`, `from`),
 * latest first; cancelled ones too (they say so). The same `from` bounds both, so a class starting
 * exactly then is upcoming and not recent.
 */
function ofTeacher<Query extends PgSelect>(query: Query, recent: boolean) {
  const from = sql.placeholder('from');
  return query
    .where(
      and(
        eq(schedules.teacherId, sql.placeholder('teacherId')),
        recent ? gte(schedules.startsAt, sql.placeholder('recentFrom')) : gte(schedules.startsAt, from),
        recent ? lt(schedules.startsAt, from) : undefined,
      ),
    )
    .orderBy(recent ? desc(schedules.startsAt) : asc(schedules.startsAt), asc(schedules.id));
}

// The teacher's page asks for both on every visit: one statement, prepared once per database,
// each part with its own limit and order, and only the columns the list shows.
const pageLimit = 100;
const listedPart = (db: Database, recent: boolean) =>
  ofTeacher(db.select(listedColumns).from(schedules).innerJoin(courses, ofCourse).$dynamic(), recent).limit(
    pageLimit,
  );
const upcomingAndRecentOf = preparedPer((db) =>
  listedPart(db, false).unionAll(listedPart(db, true)).prepare('teacher_classes'),
);

/** Every class from `from` on (the teacher's calendar feed). */
export function listUpcomingClassesOf(db: Database, teacherId: number, from: Date) {
  return ofTeacher(
    db.select(classColumns).from(schedules).innerJoin(courses, ofCourse).$dynamic(),
    false,
  ).execute({ teacherId, from });
}

/**
 * The next 100 classes from `from`, and the last 100 in [`recentFrom`, `from`), latest first. A union
 * without an order by may interleave its parts (PostgreSQL's Append does not; a parallel one could) but
 * does not reorder the rows of one part, a subquery with its own order and limit: told apart by their
 * start (text that sorts as the instants do), each part keeps its order.
 */
export async function listClassesOf(
  db: Database,
  teacherId: number,
  from: Date,
  recentFrom: Date,
): Promise<TeacherClasses> {
  const rows = await upcomingAndRecentOf(db).execute({ teacherId, from, recentFrom });
  const split = from.toISOString();
  return {
    upcoming: rows.filter((row) => row.starts_at >= split),
    recent: rows.filter((row) => row.starts_at < split),
  };
}

/** One class, only when the teacher gives it: another teacher's class is as absent as a missing one. */
export async function findClassOf(db: Database, teacherId: number, id: number) {
  const [row] = await db
    .select(classColumns)
    .from(schedules)
    .innerJoin(courses, ofCourse)
    .where(and(eq(schedules.id, id), eq(schedules.teacherId, teacherId)));
  return row;
}
export type TeacherClassRow = NonNullable<Awaited<ReturnType<typeof findClassOf>>>;

const rosterColumns = {
  bookingId: bookings.id,
  name: users.name,
  level: users.level,
  bookedAt: bookings.createdAt,
  attendance: bookings.attendance,
  attendanceMarkedAt: bookings.attendanceMarkedAt,
  // The first entry into the class's room: the roster's attendance is pre-filled from it.
  joinedAt: sql<string | null>`(select ${isoInstant(sql`min(${classJoins.joinedAt})`)} from ${classJoins}
    where ${classJoins.scheduleId} = ${bookings.scheduleId} and ${classJoins.userId} = ${bookings.userId})`,
};

/** The learners booked on a class, in booking order: name and level only (never email or payments). */
export async function listRoster(db: Database, scheduleId: number) {
  return db
    .select(rosterColumns)
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.scheduleId, scheduleId), eq(bookings.status, 'booked')))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
}

/**
 * Records one active booking's attendance; 'waived' when the school gave its credits back for a no-show
 * (the mark the waiver rests on stays), undefined when it is not an active booking of the class.
 */
export async function markAttendance(
  db: Database,
  values: { scheduleId: number; bookingId: number; status: 'attended' | 'no_show'; by: number; at: Date },
) {
  const ofClass = and(
    eq(bookings.id, values.bookingId),
    eq(bookings.scheduleId, values.scheduleId),
    eq(bookings.status, 'booked'),
  );
  const [row] = await db
    .update(bookings)
    .set({ attendance: values.status, attendanceMarkedBy: values.by, attendanceMarkedAt: values.at })
    .where(and(ofClass, isNull(bookings.waivedAt)))
    .returning({ id: bookings.id });
  if (!row) {
    const [waived] = await db.select({ id: bookings.id }).from(bookings).where(ofClass);
    return waived ? 'waived' : undefined;
  }
  const [entry] = await db
    .select(rosterColumns)
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, row.id));
  return entry;
}

/** What a learner's history records: a mark of the teacher, or a late cancel. */
// The flag as a condition of its own, not `= $1`: a parameter hides how few rows it keeps from the plan
// PostgreSQL would keep for the learner page's prepared history, which then looks dearer than a fresh
// plan, so every run is planned again.
const recorded = or(isNotNull(bookings.attendance), sql`${bookings.lateCancel}`);

/** A learner's attended, no-show and late-cancel counts. */
export async function countAttendance(db: Database, userId: number) {
  const [row] = await db
    .select({
      attended: sql<number>`count(*) filter (where ${bookings.attendance} = 'attended')::int`,
      no_show: sql<number>`count(*) filter (where ${bookings.attendance} = 'no_show')::int`,
      late_cancel: sql<number>`count(*) filter (where ${bookings.lateCancel})::int`,
    })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), recorded));
  return { attended: row?.attended ?? 0, no_show: row?.no_show ?? 0, late_cancel: row?.late_cancel ?? 0 };
}

const nameOf = (id: AnyColumn) =>
  sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${id})`;

/**
 * A learner's recorded attendance and late cancels, latest class first, with who marked or waived it.
 * Prepared once per database (the learner's page asks for it each time it opens).
 */
const attendanceHistoryOf = preparedPer((db) =>
  db
    .select({
      bookingId: bookings.id,
      scheduleId: schedules.id,
      title: schedules.title,
      startsAt: schedules.startsAt,
      teacherName: teacherNameOf,
      status: bookings.attendance,
      lateCancel: bookings.lateCancel,
      credits: bookings.credits,
      markedBy: nameOf(bookings.attendanceMarkedBy),
      markedAt: bookings.attendanceMarkedAt,
      cancelledAt: bookings.cancelledAt,
      waivedBy: nameOf(bookings.waivedBy),
      waivedAt: bookings.waivedAt,
      waivable: sql<boolean>`${waivable} and ${bookings.waivedAt} is null`,
    })
    .from(bookings)
    .innerJoin(schedules, eq(schedules.id, bookings.scheduleId))
    .where(and(eq(bookings.userId, sql.placeholder('userId')), recorded))
    .orderBy(desc(schedules.startsAt), desc(bookings.id))
    .limit(sql.placeholder('limit'))
    .prepare('attendance_history_of'),
);

export function listAttendanceHistory(db: Database, userId: number, limit: number) {
  return attendanceHistoryOf(db).execute({ userId, limit });
}
