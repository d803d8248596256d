import { type CefrLevel, type LevelRange, levelRangeLabel } from '@tokenly/contract/cefr';
import type { MessageKey } from '@tokenly/i18n/keys';
import type { useT } from '../../lib/i18n';

/** Each CEFR level's name ("B1 Intermediate") and what a learner at it can do, in the page's language. */
export const LEVEL_NAMES: Record<CefrLevel, MessageKey> = {
  A1: 'timetable.levelName.A1',
  A2: 'timetable.levelName.A2',
  B1: 'timetable.levelName.B1',
  B2: 'timetable.levelName.B2',
  C1: 'timetable.levelName.C1',
  C2: 'timetable.levelName.C2',
};

export const LEVEL_DESCRIPTIONS: Record<CefrLevel, MessageKey> = {
  A1: 'timetable.levelCan.A1',
  A2: 'timetable.levelCan.A2',
  B1: 'timetable.levelCan.B1',
  B2: 'timetable.levelCan.B2',
  C1: 'timetable.levelCan.C1',
  C2: 'timetable.levelCan.C2',
};

/** A class type's levels as the timetable shows them: "B1–B2", or "All levels". */
export const rangeText = (t: ReturnType<typeof useT>, range: LevelRange) =>
  levelRangeLabel(range) ?? t('timetable.level.all');
