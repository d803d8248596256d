import { z } from 'zod';
import { envelope, numberInput } from './common.ts';
import { cefrLevelSchema } from './levels.ts';
import { MESSAGES } from './messages.ts';

// The placement test: adaptive, by stages of items at one level, scored on the server. The client sees
// an item's choices, never which is right; a test keeps a copy of every item it asked, so editing or
// retiring an item later never changes a result.

export const PLACEMENT_SKILLS = ['grammar', 'vocabulary', 'reading'] as const;
export type PlacementSkill = (typeof PLACEMENT_SKILLS)[number];

/** Items of one stage, all at its level: two of each skill. */
export const PLACEMENT_STAGE_SIZE = 6;
/** Right answers of a stage that pass its level (two thirds, also of a level asked more than once). */
export const PLACEMENT_STAGE_PASS = 4;
/** The most a test asks: five stages. */
export const PLACEMENT_MAX_QUESTIONS = 30;
export const PLACEMENT_MINUTES = 15;
export const PLACEMENT_RETAKE_DAYS_DEFAULT = 30;

/** The item to answer now, without its answer. */
export const placementQuestionSchema = z.object({
  /** 1-based, counting every item asked so far; the answer names it, so a double click answers once. */
  number: z.number().int(),
  skill: z.enum(PLACEMENT_SKILLS),
  passage: z.string().nullable(),
  question: z.string(),
  options: z.array(z.string()),
});
export type PlacementQuestion = z.infer<typeof placementQuestionSchema>;

export const placementResultSchema = z.object({
  level: cefrLevelSchema,
  finished_at: z.iso.datetime(),
  /** Whether the result is a learner's level now (a visitor's becomes it at sign-up). */
  recorded: z.boolean(),
});
export type PlacementResult = z.infer<typeof placementResultSchema>;

/** A test in progress (its question) or finished (its result). */
export const placementStateSchema = z.object({
  /** The test's secret: the taker's only way back to it, and a visitor's to sign-up. */
  token: z.string(),
  max_questions: z.number().int(),
  answered: z.number().int(),
  question: placementQuestionSchema.nullable(),
  result: placementResultSchema.nullable(),
});
export type PlacementState = z.infer<typeof placementStateSchema>;
export const placementStateResponseSchema = envelope(placementStateSchema);

export const placementTokenParamSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This placement test does not exist.'),
});

export const placementAnswerBodySchema = z.object({
  number: numberInput('number must be a whole number.', z.number().int().min(1).max(PLACEMENT_MAX_QUESTIONS)),
  answer: numberInput(MESSAGES.placementChooseAnswer, z.number().int().min(0).max(9)),
});
export type PlacementAnswerBody = z.input<typeof placementAnswerBodySchema>;
