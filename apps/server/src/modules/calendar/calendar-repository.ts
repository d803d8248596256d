import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { type ScheduleRow, schedules } from '../../db/schema/schedules';

export type ClassWithCourse = {
  schedule: ScheduleRow;
  courseTitle: string | null;
  courseColor: string | null;
  courseLevel: number | null;
  courseDescription: string | null;
};

/** Scheduled (not cancelled) classes starting in [from, to), earliest first. */
export async function listClassesBetween(db: Database, from: Date, to: Date): Promise<ClassWithCourse[]> {
  return db
    .select({
      schedule: schedules,
      courseTitle: courses.courseTitle,
      courseColor: courses.courseColor,
      courseLevel: courses.level,
      courseDescription: courses.description,
    })
    .from(schedules)
    .leftJoin(courses, eq(courses.id, schedules.courseId))
    .where(and(eq(schedules.status, 'scheduled'), gte(schedules.startsAt, from), lt(schedules.startsAt, to)))
    .orderBy(asc(schedules.startsAt), asc(schedules.id));
}
