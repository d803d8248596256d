import { and, asc, eq, gt, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { countOrEstimate, type ListTotal } from '../../db/list-total';
import { bookings } from '../../db/schema/bookings';
import { courses } from '../../db/schema/courses';
import { schedules } from '../../db/schema/schedules';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import { teacherNameOf } from '../teachers/teacher-name';

type Range = { from: Date; to: Date };

const upcoming = (now: Date) => and(eq(schedules.status, 'scheduled'), gt(schedules.startsAt, now));

/** Every learner the school has: a figure that grows with the school, so past 10,000 an estimate. */
export function countLearners(db: Database): Promise<ListTotal> {
  return countOrEstimate(db, users, eq(users.role, 'user'));
}

/** Active bookings of scheduled classes starting in the range. */
export async function countBookingsOfClassesIn(db: Database, { from, to }: Range): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(bookings)
    .innerJoin(schedules, eq(schedules.id, bookings.scheduleId))
    .where(
      and(
        eq(bookings.status, 'booked'),
        eq(schedules.status, 'scheduled'),
        gte(schedules.startsAt, from),
        lt(schedules.startsAt, to),
      ),
    );
  return row?.total ?? 0;
}

/** Cents the subscriptions that will renew bring in at their next renewal: the price each was sold at. */
export async function sumRenewingSubscriptions(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: sum(subscriptions.amount).mapWith(Number) })
    .from(subscriptions)
    .where(
      and(inArray(subscriptions.status, ['active', 'trialing']), eq(subscriptions.cancelAtPeriodEnd, false)),
    );
  return row?.total ?? 0;
}

export async function listUpcomingClasses(db: Database, now: Date, limit: number) {
  return db
    .select({
      id: schedules.id,
      title: schedules.title,
      courseTitle: courses.courseTitle,
      startsAt: schedules.startsAt,
      teacherName: teacherNameOf,
      seatsTaken: schedules.seatsTaken,
      noOfUsers: schedules.noOfUsers,
    })
    .from(schedules)
    .innerJoin(courses, eq(courses.id, schedules.courseId))
    .where(upcoming(now))
    .orderBy(asc(schedules.startsAt), asc(schedules.id))
    .limit(limit);
}
