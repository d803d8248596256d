import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { type ScheduleRow, schedules } from '../../db/schema/schedules';
import { users } from '../../db/schema/users';
import { waitlistEntries } from '../../db/schema/waitlist-entries';
import type { BookingRow } from '../bookings/bookings-repository';

/**
 * One more change learners were told of: the revision (the calendar files' SEQUENCE) counts up, and the
 * class says when, and, when its start moved, since when its learners may cancel free of charge.
 */
export async function markClassChanged(
  tx: Database,
  id: number,
  { at, moved }: { at: Date; moved: boolean },
): Promise<ScheduleRow> {
  const [row] = await tx
    .update(schedules)
    .set({
      revision: sql`${schedules.revision} + 1`,
      changedAt: at,
      ...(moved ? { movedAt: at } : {}),
    })
    .where(eq(schedules.id, id))
    .returning();
  if (!row) throw new Error(`class ${id} vanished while it changed`);
  return row;
}

/** The active bookings of a class, in the order they were made: whom a change is mailed to. */
export function activeBookingsOf(db: Database, scheduleId: number): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.scheduleId, scheduleId), eq(bookings.status, 'booked')))
    .orderBy(asc(bookings.id));
}

/** The learners still waiting for a seat in a class, in line order. */
export async function waitingUserIdsOf(db: Database, scheduleId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: waitlistEntries.userId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.scheduleId, scheduleId), eq(waitlistEntries.status, 'waiting')))
    .orderBy(asc(waitlistEntries.joinedAt), asc(waitlistEntries.id));
  return rows.map((row) => row.userId);
}

export type AffectedLearner = { id: number; name: string; email: string };

/** Each learner once, by name, who holds an active booking of any of the classes. */
export function bookedLearnersOf(db: Database, scheduleIds: number[]): Promise<AffectedLearner[]> {
  if (scheduleIds.length === 0) return Promise.resolve([]);
  return db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(inArray(bookings.scheduleId, scheduleIds), eq(bookings.status, 'booked')))
    .orderBy(asc(users.name), asc(users.id));
}

/** Each learner once, by name, who waits for a seat in any of the classes. */
export function waitingLearnersOf(db: Database, scheduleIds: number[]): Promise<AffectedLearner[]> {
  if (scheduleIds.length === 0) return Promise.resolve([]);
  return db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(and(inArray(waitlistEntries.scheduleId, scheduleIds), eq(waitlistEntries.status, 'waiting')))
    .orderBy(asc(users.name), asc(users.id));
}
