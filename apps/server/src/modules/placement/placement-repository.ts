import { levelRank } from '@tokenly/contract/levels';
import { and, desc, eq, isNotNull, isNull, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type PlacementStage,
  type PlacementTestRow,
  placementItems,
  placementTests,
} from '../../db/schema/levels';
import { ITEM_BANK } from './item-bank';

/** Adds the shipped items not yet in the table, by key; those present stay as the school keeps them. */
export async function loadItemBank(db: Database): Promise<void> {
  await db
    .insert(placementItems)
    .values(
      ITEM_BANK.map((item) => ({
        bankKey: item.key,
        level: levelRank(item.level),
        skill: item.skill,
        passage: item.passage ?? null,
        question: item.question,
        options: item.options,
        correct: item.options.indexOf(item.answer),
      })),
    )
    .onConflictDoNothing({ target: placementItems.bankKey });
}

/**
 * loadItemBank once per process (again after a failure), on the bank's first use: a release's new items
 * arrive then.
 */
export function itemBankLoader(db: Database): () => Promise<void> {
  let loaded: Promise<void> | undefined;
  return () => {
    loaded ??= loadItemBank(db).catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}

/** The items still in use at a level, but those already asked. */
export function activeItemsAt(db: Database, level: number, exceptIds: number[]) {
  return db
    .select()
    .from(placementItems)
    .where(
      and(
        eq(placementItems.level, level),
        isNull(placementItems.retiredAt),
        exceptIds.length > 0 ? notInArray(placementItems.id, exceptIds) : undefined,
      ),
    );
}

export async function insertTest(
  db: Database,
  values: { tokenHash: string; userId: number | null; stages: PlacementStage[]; startedAt: Date },
): Promise<PlacementTestRow> {
  const [row] = await db.insert(placementTests).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findTest(
  db: Database,
  tokenHash: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<PlacementTestRow | undefined> {
  const query = db.select().from(placementTests).where(eq(placementTests.tokenHash, tokenHash)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateTest(
  db: Database,
  id: number,
  values: Partial<Pick<PlacementTestRow, 'stages' | 'resultLevel' | 'finishedAt' | 'recordedAt' | 'userId'>>,
): Promise<void> {
  await db.update(placementTests).set(values).where(eq(placementTests.id, id));
}

/** When the learner last finished a test, for the retake wait. */
export async function lastFinishedAt(db: Database, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: placementTests.finishedAt })
    .from(placementTests)
    .where(and(eq(placementTests.userId, userId), isNotNull(placementTests.finishedAt)))
    .orderBy(desc(placementTests.finishedAt))
    .limit(1);
  return row?.at ?? null;
}

/** A visitor's finished test, claimed for the account made with its token; undefined when not claimable. */
export async function claimVisitorTest(
  db: Database,
  tokenHash: string,
  userId: number,
  at: Date,
): Promise<PlacementTestRow | undefined> {
  const [row] = await db
    .update(placementTests)
    .set({ userId, recordedAt: at })
    .where(
      and(
        eq(placementTests.tokenHash, tokenHash),
        isNull(placementTests.userId),
        isNotNull(placementTests.resultLevel),
      ),
    )
    .returning();
  return row;
}
