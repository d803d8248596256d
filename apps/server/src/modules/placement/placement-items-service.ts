import { levelOfRank, levelRank } from '@tokenly/contract/levels';
import {
  PLACEMENT_MIN_ITEMS_PER_LEVEL,
  type PlacementItem,
  type PlacementItemBody,
  type PlacementItemPage,
  type PlacementItemsQuery,
} from '@tokenly/contract/placement-items';
import type { Database } from '../../db/client';
import type { PlacementItemRow } from '../../db/schema/levels';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { pageOffset, toPage } from '../../lib/pagination';
import {
  countInUseByLevel,
  findItem,
  insertItem,
  listItems,
  lockInUseAt,
  lockItem,
  updateItem,
} from './placement-items-repository';

function toItemDto(row: PlacementItemRow): PlacementItem {
  return {
    id: row.id,
    level: levelOfRank(row.level) ?? 'A1',
    skill: row.skill,
    passage: row.passage,
    question: row.question,
    options: row.options,
    correct: row.correct,
    bank_key: row.bankKey,
    retired_at: row.retiredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const valuesOf = (body: PlacementItemBody) => ({
  level: levelRank(body.level),
  skill: body.skill,
  // Only a reading item is asked with a passage.
  passage: body.skill === 'reading' ? body.passage : null,
  question: body.question,
  options: body.options,
  correct: body.correct,
});

const NOT_FOUND = 'This placement item does not exist.';

/**
 * The administrator's item bank. Tests keep their own copy of every item they asked, so adding, editing
 * or retiring an item changes only the tests started afterwards, never a score already given.
 */
export function createPlacementItemsService(
  db: Database,
  { clock, ensureBank }: { clock: Clock; ensureBank: () => Promise<void> },
) {
  /** Refuses a change that would leave `level` with fewer items in use than a test may need. */
  async function keepEnoughAt(tx: Database, level: number) {
    const inUse = await lockInUseAt(tx, level);
    if (inUse <= PLACEMENT_MIN_ITEMS_PER_LEVEL) {
      const message = `${levelOfRank(level)} keeps at least ${PLACEMENT_MIN_ITEMS_PER_LEVEL} items in use: add another before this one leaves it.`;
      throw new AppError('CONFLICT', message);
    }
  }

  /**
   * The item locked for a change, or a 404. One in use that `leaves` its level (retired, or moved) is
   * locked with every item in use at that level, in one order, and the level must keep enough: a second
   * change of the level waits for the first and counts what it left.
   */
  async function locked(tx: Database, id: number, leaves: (item: PlacementItemRow) => boolean) {
    const found = await findItem(tx, id);
    if (!found) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (found.retiredAt === null && leaves(found)) await keepEnoughAt(tx, found.level);
    const item = await lockItem(tx, id);
    if (!item) throw new AppError('NOT_FOUND', NOT_FOUND);
    return item;
  }

  return {
    async list({ page, level, skill, status }: PlacementItemsQuery): Promise<PlacementItemPage> {
      // The shipped items are the bank until the school changes it.
      await ensureBank();
      const [{ rows, total }, inUse] = await Promise.all([
        listItems(db, { level: level && levelRank(level), skill, status }, pageOffset(page)),
        countInUseByLevel(db),
      ]);
      return {
        ...toPage(rows.map(toItemDto), total, page),
        in_use_by_level: inUse.map((row) => ({ level: levelOfRank(row.level) ?? 'A1', count: row.count })),
      };
    },

    async create(body: PlacementItemBody): Promise<PlacementItem> {
      await ensureBank();
      return toItemDto(await insertItem(db, valuesOf(body)));
    },

    async update(id: number, body: PlacementItemBody): Promise<PlacementItem> {
      const values = valuesOf(body);
      return db.transaction(async (tx) => {
        // An item in use that moves to another level leaves its own.
        await locked(tx, id, (item) => values.level !== item.level);
        return toItemDto(await updateItem(tx, id, values));
      });
    },

    async retire(id: number): Promise<PlacementItem> {
      return db.transaction(async (tx) => {
        const item = await locked(tx, id, () => true);
        // Retired meanwhile by another administrator: nothing more to do.
        if (item.retiredAt !== null) return toItemDto(item);
        return toItemDto(await updateItem(tx, id, { retiredAt: nowOf(clock) }));
      });
    },

    async restore(id: number): Promise<PlacementItem> {
      const item = await findItem(db, id);
      if (!item) throw new AppError('NOT_FOUND', NOT_FOUND);
      if (item.retiredAt === null) return toItemDto(item);
      return toItemDto(await updateItem(db, id, { retiredAt: null }));
    },
  };
}

export type PlacementItemsService = ReturnType<typeof createPlacementItemsService>;
