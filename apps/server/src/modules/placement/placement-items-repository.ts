import { PAGE_SIZE } from '@tokenly/contract/common';
import { and, asc, count, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type PlacementItemRow, placementItems } from '../../db/schema/levels';

export type PlacementItemFilters = {
  level?: number;
  skill?: PlacementItemRow['skill'];
  status?: 'in_use' | 'retired';
};

export type PlacementItemValues = Pick<
  PlacementItemRow,
  'level' | 'skill' | 'passage' | 'question' | 'options' | 'correct'
>;

function whereOf({ level, skill, status }: PlacementItemFilters): SQL | undefined {
  return and(
    level === undefined ? undefined : eq(placementItems.level, level),
    skill === undefined ? undefined : eq(placementItems.skill, skill),
    status === undefined
      ? undefined
      : status === 'retired'
        ? isNotNull(placementItems.retiredAt)
        : isNull(placementItems.retiredAt),
  );
}

/** A page of items, lowest level first (then skill, then the order they were added), and how many match. */
export async function listItems(
  db: Database,
  filters: PlacementItemFilters,
  offset: number,
): Promise<{ rows: PlacementItemRow[]; total: number }> {
  const where = whereOf(filters);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(placementItems)
      .where(where)
      .orderBy(asc(placementItems.level), asc(placementItems.skill), asc(placementItems.id))
      .limit(PAGE_SIZE)
      .offset(offset),
    db.$count(placementItems, where),
  ]);
  return { rows, total };
}

/** Items in use at each level that has any. */
export function countInUseByLevel(db: Database): Promise<{ level: number; count: number }[]> {
  return db
    .select({ level: placementItems.level, count: count() })
    .from(placementItems)
    .where(isNull(placementItems.retiredAt))
    .groupBy(placementItems.level)
    .orderBy(asc(placementItems.level));
}

export async function findItem(db: Database, id: number): Promise<PlacementItemRow | undefined> {
  const [row] = await db.select().from(placementItems).where(eq(placementItems.id, id));
  return row;
}

export async function insertItem(db: Database, values: PlacementItemValues): Promise<PlacementItemRow> {
  const [row] = await db.insert(placementItems).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The item, locked for the change. */
export async function lockItem(db: Database, id: number): Promise<PlacementItemRow | undefined> {
  const [row] = await db.select().from(placementItems).where(eq(placementItems.id, id)).for('update');
  return row;
}

/**
 * How many items are in use at a level, their rows locked in the order of their ids: two administrators
 * retiring the last items of a level at once take turns (never each holding a row the other waits for),
 * and the second counts what the first left.
 */
export async function lockInUseAt(db: Database, level: number): Promise<number> {
  const rows = await db
    .select({ id: placementItems.id })
    .from(placementItems)
    .where(and(eq(placementItems.level, level), isNull(placementItems.retiredAt)))
    .orderBy(asc(placementItems.id))
    .for('update');
  return rows.length;
}

export async function updateItem(
  db: Database,
  id: number,
  values: Partial<PlacementItemValues> & { retiredAt?: Date | null },
): Promise<PlacementItemRow> {
  const [row] = await db.update(placementItems).set(values).where(eq(placementItems.id, id)).returning();
  if (!row) throw new Error('update returned no row');
  return row;
}
