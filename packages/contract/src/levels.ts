import { z } from 'zod';
import { CEFR_LEVELS, LEVEL_RULES, LEVEL_SOURCES, type LevelRange } from './cefr';
import { envelope, singleLine } from './common';

// The learning path's schemas; its plain values and rules are in cefr.ts, and come with these.
export * from './cefr';

export const cefrLevelSchema = z.enum(CEFR_LEVELS, { error: 'Choose a level from A1 to C2.' });

/** A class type's levels: from..to inclusive, or both null for all levels. */
export const levelRangeSchema = z.object({
  level_min: cefrLevelSchema.nullable(),
  level_max: cefrLevelSchema.nullable(),
}) satisfies z.ZodType<LevelRange>;

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
