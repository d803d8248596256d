import { z } from 'zod';
import { CEFR_LEVELS, LEVEL_RULES, LEVEL_SOURCES, type LevelRange } from './cefr.ts';
import { envelope, idInput, paginated, singleLine } from './common.ts';

// The learning path's schemas; its plain values and rules are in cefr.ts, and come with these.
export * from './cefr.ts';

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

/**
 * POST teacher-class/:id/level-suggestion: the class's teacher suggests a new level for a learner booked
 * on it, with a note the administrator reads (and the history keeps, if accepted).
 */
export const levelSuggestionBodySchema = z.object({
  booking_id: idInput('Choose a learner booked on this class.'),
  level: cefrLevelSchema,
  note: singleLine(
    z
      .string()
      .trim()
      .min(1, 'Say why, in a few words.')
      .max(LEVEL_NOTE_MAX, `The note can be at most ${LEVEL_NOTE_MAX} characters.`),
  ),
});
export type LevelSuggestionBody = z.input<typeof levelSuggestionBodySchema>;

export const LEVEL_SUGGESTION_STATUSES = ['pending', 'accepted', 'declined'] as const;

/** A teacher's suggested level for a learner, waiting for the administrator or decided. */
export const levelSuggestionSchema = z.object({
  id: z.number().int(),
  learner: z.object({ id: z.number().int(), name: z.string() }),
  /** The learner's level when the teacher suggested. */
  from_level: cefrLevelSchema.nullable(),
  level: cefrLevelSchema,
  note: z.string(),
  suggested_by: z.object({ id: z.number().int(), name: z.string() }),
  class: z.object({ id: z.number().int(), title: z.string(), starts_at: z.iso.datetime() }),
  status: z.enum(LEVEL_SUGGESTION_STATUSES),
  created_at: z.iso.datetime(),
  decided_at: z.iso.datetime().nullable(),
});
export type LevelSuggestion = z.infer<typeof levelSuggestionSchema>;
export const levelSuggestionResponseSchema = envelope(levelSuggestionSchema).extend({ message: z.string() });
export const levelSuggestionsResponseSchema = envelope(paginated(levelSuggestionSchema));
