import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { courses } from '../../db/schema/courses';
import { schedules } from '../../db/schema/schedules';
import { type UserRow, users } from '../../db/schema/users';
import type { BookingWithClass } from '../bookings/bookings-repository';

/** The user's feed secret. */
export async function feedTokenOf(db: Database, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ token: users.calendarFeedToken }).from(users).where(eq(users.id, userId));
  return row?.token;
}

/** Replaces the user's feed secret with `fresh`, which ends the old address. */
export async function replaceFeedToken(
  db: Database,
  userId: number,
  fresh: string,
): Promise<string | undefined> {
  const [row] = await db
    .update(users)
    .set({ calendarFeedToken: fresh })
    .where(eq(users.id, userId))
    .returning({ token: users.calendarFeedToken });
  return row?.token;
}

/** The enabled account a feed address belongs to. */
export async function findFeedOwner(
  db: Database,
  token: string,
): Promise<{ id: number; role: UserRow['role']; locale: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, role: users.role, locale: users.locale })
    .from(users)
    .where(and(eq(users.calendarFeedToken, token), isNull(users.disabledAt)));
  return row;
}

/** Every booking of the user whose class starts from `since` on, cancelled ones included, by start. */
export async function bookingsSince(db: Database, userId: number, since: Date): Promise<BookingWithClass[]> {
  return db
    .select({ booking: bookings, schedule: schedules, courseTitle: courses.courseTitle })
    .from(bookings)
    .innerJoin(schedules, eq(schedules.id, bookings.scheduleId))
    .leftJoin(courses, eq(courses.id, schedules.courseId))
    .where(and(eq(bookings.userId, userId), gte(schedules.startsAt, since)))
    .orderBy(asc(schedules.startsAt), asc(bookings.id));
}
