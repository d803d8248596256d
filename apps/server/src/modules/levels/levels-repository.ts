import type { LevelSource } from '@tokenly/contract/levels';
import { desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { userLevelChanges } from '../../db/schema/levels';
import { schedules } from '../../db/schema/schedules';
import { users } from '../../db/schema/users';

const changer = alias(users, 'changer');

/** A learner's level changes, newest first, with who made each. */
export function listLevelChanges(db: Database, userId: number) {
  return db
    .select({ change: userLevelChanges, changerName: changer.name })
    .from(userLevelChanges)
    .leftJoin(changer, eq(changer.id, userLevelChanges.changedBy))
    .where(eq(userLevelChanges.userId, userId))
    .orderBy(desc(userLevelChanges.changedAt), desc(userLevelChanges.id));
}

export type LevelChangeValues = {
  userId: number;
  toLevel: number;
  source: LevelSource;
  changedBy?: number | null;
  placementTestId?: number | null;
  note?: string | null;
  at: Date;
};

/**
 * Sets the learner's level and records the change, with the level it replaced read under the user row's
 * lock, so two changes at once each record what the other left. Undefined for no such learner.
 */
export async function setLevel(tx: Database, values: LevelChangeValues) {
  const [before] = await tx
    .select({ level: users.cefrLevel, role: users.role })
    .from(users)
    .where(eq(users.id, values.userId))
    .for('update');
  if (before?.role !== 'user') return undefined;
  await tx.update(users).set({ cefrLevel: values.toLevel }).where(eq(users.id, values.userId));
  const [change] = await tx
    .insert(userLevelChanges)
    .values({
      userId: values.userId,
      fromLevel: before.level,
      toLevel: values.toLevel,
      source: values.source,
      changedBy: values.changedBy ?? null,
      placementTestId: values.placementTestId ?? null,
      note: values.note ?? null,
      changedAt: values.at,
    })
    .returning();
  return change;
}

/** The levels (ranks) of these learners, by id; a learner without one is absent. */
export async function learnerLevels(db: Database, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, level: users.cefrLevel })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.flatMap((row) => (row.level === null ? [] : [[row.id, row.level] as const])));
}

/** A class's level range by its id (its type's); undefined for no such class. */
export async function classLevelRange(db: Database, scheduleId: number) {
  const [row] = await db
    .select({ levelMin: courses.levelMin, levelMax: courses.levelMax })
    .from(schedules)
    .innerJoin(courses, eq(courses.id, schedules.courseId))
    .where(eq(schedules.id, scheduleId))
    .limit(1);
  return row;
}
