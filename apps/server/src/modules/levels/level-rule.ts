import {
  type BookingLevel,
  type LevelRule,
  levelFits,
  levelOfRank,
  levelRangeLabel,
} from '@tokenly/contract/levels';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { toLevelRange } from './level-range';
import { classLevelRange } from './levels-repository';

// The school's rule for a class outside the learner's level (school setting level_rule): "warn" books it
// once the learner confirmed, "refuse" never does, "off" does not look. A learner without a level, or a
// class for all levels, always fits; an administrator's booking for a learner never asks.

/** What the booking confirmation shows, and what the rule decides from. */
export function bookingLevelOf(
  learnerLevel: number | null,
  range: { levelMin: number | null; levelMax: number | null },
  rule: LevelRule,
): BookingLevel {
  const levels = toLevelRange(range);
  const learner = levelOfRank(learnerLevel);
  return { ...levels, learner_level: learner, fits: levelFits(learner, levels), rule };
}

/** Whether the rule lets this booking through: false when the school refuses it outright. */
export const levelAllows = (level: BookingLevel) => level.fits || level.rule !== 'refuse';

/** Throws the refusal, or the request to confirm, for a booking the rule does not let through as it is. */
export function enforceLevel(level: BookingLevel, confirmed: boolean): void {
  if (level.fits || level.rule === 'off') return;
  const values = { range: levelRangeLabel(level) ?? '', level: level.learner_level ?? '' };
  if (level.rule === 'refuse') throw AppError.of('CONFLICT', 'levelRefused', values);
  if (!confirmed) throw AppError.of('CONFLICT', 'levelUnconfirmed', values);
}

/**
 * The learner's booking of a class, checked against the rule: one read of the class's range, skipped
 * when nothing could be refused (no level, or the rule off).
 */
export async function checkBookingLevel(
  db: Database,
  {
    learnerLevel,
    scheduleId,
    rule,
    confirmed,
  }: {
    learnerLevel: number | null;
    scheduleId: number;
    rule: LevelRule;
    confirmed: boolean;
  },
): Promise<void> {
  if (learnerLevel === null || rule === 'off') return;
  const range = await classLevelRange(db, scheduleId);
  // No such class: the booking itself says so.
  if (range) enforceLevel(bookingLevelOf(learnerLevel, range, rule), confirmed);
}
