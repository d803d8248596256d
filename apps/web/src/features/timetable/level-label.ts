import { LEVELS } from '@tokenly/contract/constants';

/** A class type's level in words; a type without one suits every level (issue 18). */
export const levelLabel = (level: number | null) =>
  LEVELS.find((found) => found.value === level)?.label ?? 'All levels';
