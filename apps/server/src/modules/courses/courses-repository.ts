import { PAGE_SIZE } from '@tokenly/contract/common';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type CourseRow, courses } from '../../db/schema/courses';

type CourseValues = Pick<
  typeof courses.$inferInsert,
  | 'courseTitle'
  | 'courseColor'
  | 'status'
  | 'numberToken'
  | 'levelMin'
  | 'levelMax'
  | 'description'
  | 'levelRange'
  | 'format'
  | 'siteTab'
  | 'club'
>;

export async function listCourses(db: Database, offset?: number): Promise<CourseRow[]> {
  const query = db.select().from(courses).orderBy(asc(courses.courseTitle), asc(courses.id));
  return offset === undefined ? query : query.limit(PAGE_SIZE).offset(offset);
}

export function countCourses(db: Database): Promise<number> {
  return db.$count(courses);
}

export async function listActiveCourses(db: Database): Promise<CourseRow[]> {
  return db
    .select()
    .from(courses)
    .where(eq(courses.status, '1'))
    .orderBy(asc(courses.courseTitle), asc(courses.id));
}

export async function findCourse(db: Database, id: number): Promise<CourseRow | undefined> {
  const [course] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  return course;
}

export async function insertCourse(db: Database, values: CourseValues): Promise<CourseRow> {
  const [course] = await db.insert(courses).values(values).returning();
  if (!course) throw new Error('insert into courses returned no row');
  return course;
}

export async function updateCourse(
  db: Database,
  id: number,
  values: CourseValues,
): Promise<CourseRow | undefined> {
  const [course] = await db.update(courses).set(values).where(eq(courses.id, id)).returning();
  return course;
}
