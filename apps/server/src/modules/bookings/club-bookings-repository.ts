import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { courses } from '../../db/schema/courses';
import { schedules } from '../../db/schema/schedules';
import type { BookingRow } from './bookings-repository';

/** Whether the class is of a club type, booked with the Club pass rather than tokens. */
export async function isClubClass(db: Database, scheduleId: number): Promise<boolean> {
  const [row] = await db
    .select({ club: courses.club })
    .from(schedules)
    .innerJoin(courses, eq(courses.id, schedules.courseId))
    .where(eq(schedules.id, scheduleId));
  return row?.club ?? false;
}

/** The learner's active pass bookings of classes starting in [start, end): the week's allowance used. */
export async function countClubBookingsBetween(
  tx: Database,
  userId: number,
  { start, end }: { start: Date; end: Date },
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(bookings)
    .innerJoin(schedules, eq(schedules.id, bookings.scheduleId))
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.clubPass, true),
        eq(bookings.status, 'booked'),
        gte(schedules.startsAt, start),
        lt(schedules.startsAt, end),
      ),
    );
  return row?.n ?? 0;
}

export async function insertClubBooking(
  tx: Database,
  values: { userId: number; scheduleId: number },
): Promise<BookingRow> {
  const [row] = await tx
    .insert(bookings)
    .values({ ...values, credits: 0, clubPass: true })
    .returning();
  if (!row) throw new Error('insert into bookings returned no row');
  return row;
}
