import { type AnyColumn, and, asc, count, eq, gt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { courses } from '../../db/schema/courses';
import { schedules } from '../../db/schema/schedules';
import { users } from '../../db/schema/users';
import { type WaitlistEntryRow, waitlistEntries } from '../../db/schema/waitlist-entries';

type EndStatus = Exclude<WaitlistEntryRow['status'], 'waiting'>;

const waiting = eq(waitlistEntries.status, 'waiting');
const queueOrder = [asc(waitlistEntries.joinedAt), asc(waitlistEntries.id)];

/** A place's number in line: the waiting entries of its class that joined before it, itself included. */
const positionSql = sql<number>`(select count(*)::int from ${waitlistEntries} ahead
  where ahead.schedule_id = ${waitlistEntries.scheduleId} and ahead.status = 'waiting'
  and (ahead.joined_at, ahead.id) <= (${waitlistEntries.joinedAt}, ${waitlistEntries.id}))`;

export async function insertEntry(
  tx: Database,
  values: { scheduleId: number; userId: number; joinedAt: Date },
): Promise<WaitlistEntryRow> {
  const [row] = await tx.insert(waitlistEntries).values(values).returning();
  if (!row) throw new Error('insert into waitlist_entries returned no row');
  return row;
}

/**
 * The queue of a class in order, locked: taken after the class row (lock order of bookings-service), so
 * a leave or a removal waits for a promotion in progress and then finds the entry no longer waiting.
 */
export async function lockQueue(tx: Database, scheduleId: number): Promise<WaitlistEntryRow[]> {
  return tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.scheduleId, scheduleId), waiting))
    .orderBy(...queueOrder)
    .for('update');
}

/** Ends one waiting entry; undefined when it was no longer waiting. */
export async function endEntry(
  tx: Database,
  id: number,
  change: { status: EndStatus; at: Date; bookingId?: number },
): Promise<WaitlistEntryRow | undefined> {
  const [row] = await tx
    .update(waitlistEntries)
    .set({ status: change.status, endedAt: change.at, bookingId: change.bookingId ?? null })
    .where(and(eq(waitlistEntries.id, id), waiting))
    .returning();
  return row;
}

/** Ends the learner's waiting entry of a class, if any (they left, or booked a seat themselves). */
export async function endEntryOf(
  tx: Database,
  where: { userId: number; scheduleId: number },
  change: { status: EndStatus; at: Date; bookingId?: number },
): Promise<WaitlistEntryRow | undefined> {
  const [row] = await tx
    .update(waitlistEntries)
    .set({ status: change.status, endedAt: change.at, bookingId: change.bookingId ?? null })
    .where(
      and(
        eq(waitlistEntries.userId, where.userId),
        eq(waitlistEntries.scheduleId, where.scheduleId),
        waiting,
      ),
    )
    .returning();
  return row;
}

export type UserWaitlistRow = {
  entry: WaitlistEntryRow;
  position: number;
  title: string;
  courseTitle: string | null;
  startsAt: Date;
  durationMin: number;
  numberToken: number;
};

/** A learner's waiting entries of classes not started yet (or one class), soonest first, with positions. */
function selectUserWaiting(db: Database, oneClass?: SQL) {
  return db
    .select({
      entry: waitlistEntries,
      position: positionSql,
      title: schedules.title,
      courseTitle: courses.courseTitle,
      startsAt: schedules.startsAt,
      durationMin: schedules.durationMin,
      numberToken: schedules.numberToken,
    })
    .from(waitlistEntries)
    .innerJoin(schedules, eq(schedules.id, waitlistEntries.scheduleId))
    .leftJoin(courses, eq(courses.id, schedules.courseId))
    .where(
      and(
        eq(waitlistEntries.userId, sql.placeholder('userId')),
        waiting,
        gt(schedules.startsAt, sql.placeholder('now')),
        oneClass,
      ),
    )
    .orderBy(asc(schedules.startsAt), asc(schedules.id));
}

/** The learner's own list, read on every visit to their pages: prepared once per database. */
const userWaitingIn = preparedPer((db) => selectUserWaiting(db).prepare('list_user_waiting'));

export async function listUserWaiting(
  db: Database,
  userId: number,
  options: { now: Date; scheduleId?: number },
): Promise<UserWaitlistRow[]> {
  const { now, scheduleId } = options;
  if (scheduleId === undefined) return userWaitingIn(db).execute({ userId, now });
  return selectUserWaiting(db, eq(waitlistEntries.scheduleId, scheduleId)).execute({ userId, now });
}

export async function listScheduleQueue(db: Database, scheduleId: number) {
  return db
    .select({ entry: waitlistEntries, name: users.name, email: users.email })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(and(eq(waitlistEntries.scheduleId, scheduleId), waiting))
    .orderBy(...queueOrder);
}

/**
 * How many wait for the class `scheduleId` names (the admin schedule list's column), as a subquery: read
 * with the class's own row, not in a round trip of its own.
 */
export function waitingCountOf(scheduleId: AnyColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${waitlistEntries}
    where ${waitlistEntries.scheduleId} = ${scheduleId} and ${waiting})`;
}

/** Places on the waitlists of classes still to come. */
export async function countWaitingUpcoming(db: Database, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(waitlistEntries)
    .innerJoin(schedules, eq(schedules.id, waitlistEntries.scheduleId))
    .where(and(waiting, gt(schedules.startsAt, now)));
  return row?.total ?? 0;
}

/**
 * Classes whose waitlist needs the sweep: due to close (at or past the cutoff, or cancelled) or with a
 * free seat someone waiting might take now (a learner skipped earlier may have bought credits since).
 */
export async function schedulesToSweep(db: Database, closeBefore: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: schedules.id })
    .from(waitlistEntries)
    .innerJoin(schedules, eq(schedules.id, waitlistEntries.scheduleId))
    .where(
      and(
        waiting,
        or(
          lte(schedules.startsAt, closeBefore),
          eq(schedules.status, 'cancelled'),
          sql`${schedules.seatsTaken} < ${schedules.noOfUsers}`,
        ),
      ),
    );
  return rows.map((row) => row.id);
}

/** Ends every place a learner holds in line (their account was disabled). */
export async function endEntriesOfUser(
  tx: Database,
  userId: number,
  change: { status: EndStatus; at: Date },
): Promise<void> {
  await tx
    .update(waitlistEntries)
    .set({ status: change.status, endedAt: change.at })
    .where(and(eq(waitlistEntries.userId, userId), waiting));
}
