import { PAGE_SIZE } from '@tokenly/contract/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { levelSuggestions } from '../../db/schema/levels';
import { schedules } from '../../db/schema/schedules';
import { users } from '../../db/schema/users';

const learner = alias(users, 'learner');
const teacher = alias(users, 'teacher');

/** A booking still held on the class, with its learner and their level now. */
export async function findBookedLearner(db: Database, scheduleId: number, bookingId: number) {
  const [row] = await db
    .select({ userId: bookings.userId, level: users.cefrLevel })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(eq(bookings.id, bookingId), eq(bookings.scheduleId, scheduleId), eq(bookings.status, 'booked')),
    );
  return row;
}

type NewSuggestion = Omit<typeof levelSuggestions.$inferInsert, 'id' | 'status' | 'decidedBy' | 'decidedAt'>;

/** The learner's waiting suggestion, new or replaced by this one (one waits per learner). */
export async function saveSuggestion(db: Database, values: NewSuggestion): Promise<number> {
  const [row] = await db
    .insert(levelSuggestions)
    .values(values)
    .onConflictDoUpdate({
      target: levelSuggestions.userId,
      targetWhere: sql`${levelSuggestions.status} = 'pending'`,
      set: values,
    })
    .returning({ id: levelSuggestions.id });
  if (!row) throw new Error('the suggestion just written was not returned');
  return row.id;
}

function selectSuggestions(db: Database) {
  return db
    .select({
      suggestion: levelSuggestions,
      learnerName: learner.name,
      teacherName: teacher.name,
      classId: schedules.id,
      classTitle: schedules.title,
      classStartsAt: schedules.startsAt,
    })
    .from(levelSuggestions)
    .innerJoin(learner, eq(learner.id, levelSuggestions.userId))
    .innerJoin(teacher, eq(teacher.id, levelSuggestions.suggestedBy))
    .innerJoin(bookings, eq(bookings.id, levelSuggestions.bookingId))
    .innerJoin(schedules, eq(schedules.id, bookings.scheduleId));
}
export type SuggestionWithNames = Awaited<ReturnType<typeof selectSuggestions>>[number];

export async function findSuggestion(db: Database, id: number): Promise<SuggestionWithNames | undefined> {
  const [row] = await selectSuggestions(db).where(eq(levelSuggestions.id, id));
  return row;
}

export function listPendingSuggestions(db: Database, offset: number) {
  return selectSuggestions(db)
    .where(eq(levelSuggestions.status, 'pending'))
    .orderBy(asc(levelSuggestions.createdAt), asc(levelSuggestions.id))
    .limit(PAGE_SIZE)
    .offset(offset);
}

export function countPendingSuggestions(db: Database): Promise<number> {
  return db.$count(levelSuggestions, eq(levelSuggestions.status, 'pending'));
}

/** Decides a waiting suggestion; false when it was no longer waiting (decided meanwhile). */
export async function decideSuggestion(
  tx: Database,
  id: number,
  values: { status: 'accepted' | 'declined'; decidedBy: number; decidedAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(levelSuggestions)
    .set(values)
    .where(and(eq(levelSuggestions.id, id), eq(levelSuggestions.status, 'pending')))
    .returning({ id: levelSuggestions.id });
  return rows.length > 0;
}
