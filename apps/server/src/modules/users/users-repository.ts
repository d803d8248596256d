import type { Role } from '@tokenly/contract/auth';
import { PAGE_SIZE } from '@tokenly/contract/common';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { courses } from '../../db/schema/courses';
import { creditLots } from '../../db/schema/credit-lots';
import { schedules } from '../../db/schema/schedules';
import { type UserRow, users } from '../../db/schema/users';

/** Newest accounts first. */
export async function listUsersByRole(db: Database, role: Role, offset: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.role, role))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(PAGE_SIZE)
    .offset(offset);
}

export function countUsersByRole(db: Database, role: Role): Promise<number> {
  return db.$count(users, eq(users.role, role));
}

export async function findUserWithRole(db: Database, id: number, role: Role): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, role)))
    .limit(1);
  return user;
}

/** A learner's latest bookings with the class they are for. */
export async function listRecentBookings(db: Database, userId: number, limit: number) {
  return db
    .select({
      id: bookings.id,
      scheduleId: bookings.scheduleId,
      credits: bookings.credits,
      status: bookings.status,
      createdAt: bookings.createdAt,
      title: schedules.title,
      startsAt: schedules.startsAt,
      courseTitle: courses.courseTitle,
    })
    .from(bookings)
    .innerJoin(schedules, eq(schedules.id, bookings.scheduleId))
    .innerJoin(courses, eq(courses.id, schedules.courseId))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);
}

/** The account, locked until the transaction ends, so two changes to it are made one after the other. */
export async function lockUser(db: Database, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return user;
}

/**
 * Locks every active administrator and counts them. Two administrators disabling each other at once
 * would otherwise each see the other still active and leave the school with none.
 */
export async function lockActiveAdmins(db: Database): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
    .orderBy(users.id)
    .for('update');
  return rows.length;
}

export async function deleteUser(db: Database, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** Every learner, newest first, with the credits they can spend at `now` (the students CSV). */
export async function listStudentsWithBalance(db: Database, now: Date) {
  const balances = db
    .select({
      userId: creditLots.userId,
      balance: sql<number>`sum(${creditLots.creditsRemaining})::int`.as('balance'),
    })
    .from(creditLots)
    .where(gt(creditLots.expiresAt, now))
    .groupBy(creditLots.userId)
    .as('balances');
  return db
    .select({ user: users, balance: sql<number>`coalesce(${balances.balance}, 0)::int` })
    .from(users)
    .leftJoin(balances, eq(balances.userId, users.id))
    .where(eq(users.role, 'user'))
    .orderBy(desc(users.createdAt), desc(users.id));
}
