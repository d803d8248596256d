import type { Database } from '@tokenly/server/src/db/client';
import { createCourse, createSeries } from '@tokenly/server/src/db/seed/factories';
import { pad } from '@tokenly/server/src/modules/series/series-rule';
import { firstOfConsecutive } from './booking-pairs';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Weekly classes per series: one weekday for this many weeks. Fixed, so pgbench's script can unroll them. */
export const SERIES_CLASSES = 8;

/** Series number s starts at class firstClassId + s × SERIES_CLASSES (ids are consecutive). */
export type BenchSeries = { count: number; firstClassId: number };

/**
 * `count` weekly series of SERIES_CLASSES classes each, from tomorrow, as the series service makes them.
 * Only the series scenario's copy of the database holds them, so the other scenarios' data (and the
 * read paths' counts) stay as they were.
 */
export async function seedSeries(db: Database, count: number): Promise<BenchSeries> {
  const course = await createCourse(db, {
    courseTitle: 'Bench series',
    courseColor: '#9B51E0',
    numberToken: 1,
  });
  const firstDate = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
  const classIds: number[] = [];
  for (let s = 0; s < count; s += 1) {
    const { classes } = await createSeries(db, {
      courseId: course.id,
      title: `Bench series ${s}`,
      weekdays: [s % 7],
      // Quarter hours from 06:00, so a day's series do not all start at once.
      startTime: `${pad(6 + Math.floor((s % 56) / 4))}:${pad((s % 4) * 15)}`,
      firstDate,
      weeks: SERIES_CLASSES,
      noOfUsers: 8,
      numberToken: 1,
    });
    classIds.push(...classes.map((row) => row.id));
  }
  return { count, firstClassId: firstOfConsecutive(classIds, 'series class') };
}
