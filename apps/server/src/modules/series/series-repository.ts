import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ClassSeriesRow, classSeries } from '../../db/schema/class-series';
import { courses } from '../../db/schema/courses';
import { type ScheduleRow, schedules } from '../../db/schema/schedules';
import type { ScheduleValues } from '../schedules/schedules-repository';

export type SeriesValues = Omit<typeof classSeries.$inferInsert, 'id' | 'createdAt'>;
export type SeriesWithCounts = ClassSeriesRow & { courseTitle: string; classes: number; upcoming: number };

export async function insertSeries(db: Database, values: SeriesValues): Promise<ClassSeriesRow> {
  const [row] = await db.insert(classSeries).values(values).returning();
  if (!row) throw new Error('insert into class_series returned no row');
  return row;
}

export async function findSeries(db: Database, id: number): Promise<ClassSeriesRow | undefined> {
  const [row] = await db.select().from(classSeries).where(eq(classSeries.id, id)).limit(1);
  return row;
}

/** The series row locked, so two extensions of one series cannot both add the same weeks. */
export async function lockSeries(db: Database, id: number): Promise<ClassSeriesRow | undefined> {
  const [row] = await db.select().from(classSeries).where(eq(classSeries.id, id)).for('update');
  return row;
}

export async function updateSeries(db: Database, id: number, values: Partial<SeriesValues>): Promise<void> {
  await db.update(classSeries).set(values).where(eq(classSeries.id, id));
}

/** Every series with its type's title and how many classes it has, and how many are still to come and on. */
export async function listSeriesWithCounts(
  db: Database,
  now: Date,
  id?: number,
): Promise<SeriesWithCounts[]> {
  const rows = await db
    .select({
      series: classSeries,
      courseTitle: courses.courseTitle,
      classes: sql<number>`(select count(*)::int from ${schedules} where ${schedules.seriesId} = ${classSeries.id})`,
      upcoming: sql<number>`(select count(*)::int from ${schedules} where ${schedules.seriesId} = ${classSeries.id}
        and ${schedules.status} = 'scheduled' and ${schedules.startsAt} > ${now.toISOString()}::timestamptz)`,
    })
    .from(classSeries)
    .innerJoin(courses, eq(courses.id, classSeries.courseId))
    .where(id === undefined ? undefined : eq(classSeries.id, id))
    .orderBy(desc(classSeries.id));
  return rows.map(({ series, courseTitle, classes, upcoming }) => ({
    ...series,
    courseTitle,
    classes,
    upcoming,
  }));
}

export async function insertSeriesClasses(
  db: Database,
  seriesId: number,
  values: Omit<ScheduleValues, 'startsAt'>,
  starts: Date[],
): Promise<number> {
  if (starts.length === 0) return 0;
  const rows = await db
    .insert(schedules)
    .values(starts.map((startsAt) => ({ ...values, startsAt, seriesId })))
    .returning({ id: schedules.id });
  return rows.length;
}

/** The classes of a series from an instant on (that one included) that are still on, in date order. */
export async function findFollowing(db: Database, seriesId: number, from: Date): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(schedules)
    .where(
      and(eq(schedules.seriesId, seriesId), eq(schedules.status, 'scheduled'), gte(schedules.startsAt, from)),
    )
    .orderBy(asc(schedules.startsAt), asc(schedules.id));
}
