import { z } from 'zod';
import { envelope, singleLine } from './common';

// The learning path: the six CEFR levels on learners and class types. The database keeps a level as its
// rank (1 = A1 .. 6 = C2), so a range is two numbers and "within it" is a comparison.

export const CEFR_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type CefrLevel = (typeof CEFR_LEVELS)[number];
export const cefrLevelSchema = z.enum(CEFR_LEVELS, { error: 'Choose a level from A1 to C2.' });

/** A level's rank, 1 (A1) to 6 (C2). */
export const levelRank = (level: CefrLevel): number => CEFR_LEVELS.indexOf(level) + 1;
/** The level of a rank 1..6; null for none. */
export const levelOfRank = (rank: number | null): CefrLevel | null =>
  rank === null ? null : (CEFR_LEVELS[rank - 1] ?? null);

/** SPEC.md's sign-up answer (1 Beginner, 2 Intermediate, 3 Advanced) until a better source exists. */
export const SIGN_UP_LEVELS: Record<number, CefrLevel> = { 1: 'A1', 2: 'B1', 3: 'C1' };

/** Where a learner's level came from. */
export const LEVEL_SOURCES = ['sign_up', 'placement_test', 'teacher', 'admin'] as const;
export type LevelSource = (typeof LEVEL_SOURCES)[number];

/** A class type's levels: from..to inclusive, or both null for all levels. */
export const levelRangeSchema = z.object({
  level_min: cefrLevelSchema.nullable(),
  level_max: cefrLevelSchema.nullable(),
});
export type LevelRange = z.infer<typeof levelRangeSchema>;

/** "A2–B1", "B1", or null for all levels (the caller names that in its language). */
export function levelRangeLabel({ level_min, level_max }: LevelRange): string | null {
  if (level_min === null || level_max === null) return null;
  return level_min === level_max ? level_min : `${level_min}–${level_max}`;
}

/** Whether a learner of `level` fits the range; a class for all levels, or a learner without one, fits. */
export function levelFits(level: CefrLevel | null, range: LevelRange): boolean {
  if (level === null || range.level_min === null || range.level_max === null) return true;
  const rank = levelRank(level);
  return rank >= levelRank(range.level_min) && rank <= levelRank(range.level_max);
}

/** What the school does when a learner books a class outside their level. */
export const LEVEL_RULES = ['warn', 'refuse', 'off'] as const;
export type LevelRule = (typeof LEVEL_RULES)[number];
export const levelRuleSchema = z.enum(LEVEL_RULES, { error: 'Choose warn, refuse or off.' });

/** One change of a learner's level: from (null for the first), to, where from, by whom, when. */
export const levelChangeSchema = z.object({
  id: z.number().int(),
  from_level: cefrLevelSchema.nullable(),
  to_level: cefrLevelSchema,
  source: z.enum(LEVEL_SOURCES),
  changed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  changed_at: z.iso.datetime(),
});
export type LevelChange = z.infer<typeof levelChangeSchema>;

/** A learner's level and how it came to be, newest change first. */
export const learnerLevelSchema = z.object({
  level: cefrLevelSchema.nullable(),
  history: z.array(levelChangeSchema),
});
export type LearnerLevel = z.infer<typeof learnerLevelSchema>;
export const learnerLevelResponseSchema = envelope(learnerLevelSchema);

export const LEVEL_NOTE_MAX = 200;
/** An administrator sets a learner's level; the reason is kept in the history and the audit log. */
export const adminSetLevelBodySchema = z.object({
  level: cefrLevelSchema,
  reason: singleLine(
    z.string().trim().max(LEVEL_NOTE_MAX, `The note can be at most ${LEVEL_NOTE_MAX} characters.`),
  )
    .optional()
    .transform((value) => (value ? value : null)),
});
export type AdminSetLevelBody = z.input<typeof adminSetLevelBodySchema>;
export type AdminSetLevelValues = z.output<typeof adminSetLevelBodySchema>;
export const adminSetLevelResponseSchema = envelope(learnerLevelSchema).extend({ message: z.string() });

/**
 * What the booking confirmation says of levels: the learner's, the class's range, whether it fits, and
 * the school's rule ("warn" asks the learner to confirm, "refuse" stops the booking).
 */
export const bookingLevelSchema = levelRangeSchema.extend({
  learner_level: cefrLevelSchema.nullable(),
  fits: z.boolean(),
  rule: levelRuleSchema,
});
export type BookingLevel = z.infer<typeof bookingLevelSchema>;
