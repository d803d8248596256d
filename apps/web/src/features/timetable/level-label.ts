import type { MessageKey } from '@tokenly/i18n/keys';

const LEVEL_KEYS: Record<number, MessageKey> = {
  1: 'timetable.level.1',
  2: 'timetable.level.2',
  3: 'timetable.level.3',
};

/** The message naming a level of the contract's LEVELS; a type without one suits every level. */
export const levelKey = (level: number | null): MessageKey =>
  (level === null ? undefined : LEVEL_KEYS[level]) ?? 'timetable.level.all';
