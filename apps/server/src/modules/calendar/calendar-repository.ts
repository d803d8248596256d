import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { type ScheduleRow, schedules } from '../../db/schema/schedules';
import { users } from '../../db/schema/users';
import { teacherNameOf } from '../teachers/teacher-name';

export type ClassWithCourse = {
  schedule: ScheduleRow;
  courseTitle: string | null;
  courseColor: string | null;
  courseLevel: number | null;
  courseDescription: string | null;
  teacherName: string | null;
  teacherBio: string | null;
};

const withCourse = {
  schedule: schedules,
  courseTitle: courses.courseTitle,
  courseColor: courses.courseColor,
  courseLevel: courses.level,
  courseDescription: courses.description,
  teacherName: teacherNameOf,
  teacherBio: sql<
    string | null
  >`(select ${users.bio} from ${users} where ${users.id} = ${schedules.teacherId})`,
};

/** One class with its type, whatever its status. */
export async function findClassWithCourse(db: Database, id: number): Promise<ClassWithCourse | undefined> {
  const [row] = await db
    .select(withCourse)
    .from(schedules)
    .leftJoin(courses, eq(courses.id, schedules.courseId))
    .where(eq(schedules.id, id))
    .limit(1);
  return row;
}

/** Scheduled (not cancelled) classes starting in [from, to), earliest first. */
export async function listClassesBetween(db: Database, from: Date, to: Date): Promise<ClassWithCourse[]> {
  return db
    .select(withCourse)
    .from(schedules)
    .leftJoin(courses, eq(courses.id, schedules.courseId))
    .where(and(eq(schedules.status, 'scheduled'), gte(schedules.startsAt, from), lt(schedules.startsAt, to)))
    .orderBy(asc(schedules.startsAt), asc(schedules.id));
}
