import { type CefrLevel, type LevelRange, levelOfRank, levelRank } from '@tokenly/contract/levels';
import { AppError } from '../../lib/app-error';

/** A class type's stored range (ranks) as the contract's levels. */
export const toLevelRange = (row: { levelMin: number | null; levelMax: number | null }): LevelRange => ({
  level_min: levelOfRank(row.levelMin),
  level_max: levelOfRank(row.levelMax),
});

/**
 * The ranks a class type's form asks for: both left out keeps the stored range, none for all levels, one
 * alone is that single level; a highest level below the lowest is refused.
 */
export function levelRangeValues(body: { level_min?: CefrLevel | null; level_max?: CefrLevel | null }) {
  if (body.level_min === undefined && body.level_max === undefined) return {};
  const min = body.level_min ?? body.level_max ?? null;
  const max = body.level_max ?? body.level_min ?? null;
  if (min === null || max === null) return { levelMin: null, levelMax: null };
  if (levelRank(max) < levelRank(min)) {
    throw new AppError('VALIDATION', 'The highest level cannot be below the lowest.', {
      level_max: ['The highest level cannot be below the lowest.'],
    });
  }
  return { levelMin: levelRank(min), levelMax: levelRank(max) };
}
