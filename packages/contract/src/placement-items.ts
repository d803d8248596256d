import { z } from 'zod';
import { envelope, multiLine, numberInput, pageInput, paginated, singleLine } from './common.ts';
import { cefrLevelSchema } from './levels.ts';
import { PLACEMENT_SKILLS } from './placement.ts';

// The placement test's item bank as the administrator keeps it: items are added, edited and retired,
// never deleted, and a test keeps its own copy of each item it asked, so nothing here changes a result.

/** A level keeps at least this many items in use, enough for every stage a test may ask at it. */
export const PLACEMENT_MIN_ITEMS_PER_LEVEL = 20;
export const PLACEMENT_OPTIONS_MIN = 2;
export const PLACEMENT_OPTIONS_MAX = 5;
export const PLACEMENT_QUESTION_MAX = 300;
export const PLACEMENT_PASSAGE_MAX = 1200;
export const PLACEMENT_OPTION_MAX = 120;

export const placementItemSchema = z.object({
  id: z.number().int(),
  level: cefrLevelSchema,
  skill: z.enum(PLACEMENT_SKILLS),
  /** A reading item's text, which its question asks about; null for the other skills. */
  passage: z.string().nullable(),
  question: z.string(),
  options: z.array(z.string()),
  /** The index in `options` of the one right answer. */
  correct: z.number().int(),
  /** Shipped with the product (its key in the bank), or null for one the school wrote. */
  bank_key: z.string().nullable(),
  retired_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type PlacementItem = z.infer<typeof placementItemSchema>;

export const PLACEMENT_ITEM_STATUSES = ['in_use', 'retired'] as const;

/** GET admin-placement-items: a page of items, lowest level first, filtered. */
export const placementItemsQuerySchema = z.object({
  page: pageInput.default(1),
  level: cefrLevelSchema.optional(),
  skill: z.enum(PLACEMENT_SKILLS, { error: 'Choose grammar, vocabulary or reading.' }).optional(),
  status: z.enum(PLACEMENT_ITEM_STATUSES, { error: 'Choose in use or retired.' }).optional(),
});
export type PlacementItemsQuery = z.output<typeof placementItemsQuerySchema>;

export const placementItemPageResponseSchema = envelope(
  paginated(placementItemSchema).extend({
    /** Items in use at each level, A1 first: what retiring may not take below the minimum. */
    in_use_by_level: z.array(z.object({ level: cefrLevelSchema, count: z.number().int() })),
  }),
);
export type PlacementItemPage = z.infer<typeof placementItemPageResponseSchema>['data'];

const text = (label: string, max: number) =>
  singleLine(
    z
      .string({ error: `Enter the ${label}.` })
      .trim()
      .min(1, `Enter the ${label}.`)
      .max(max, `The ${label} can be at most ${max} characters.`),
  );

/** POST admin-placement-items and PUT admin-placement-items/:id: the whole item. */
export const placementItemBodySchema = z
  .object({
    level: cefrLevelSchema,
    skill: z.enum(PLACEMENT_SKILLS, { error: 'Choose grammar, vocabulary or reading.' }),
    passage: multiLine(
      z
        .string()
        .trim()
        .max(PLACEMENT_PASSAGE_MAX, `The passage can be at most ${PLACEMENT_PASSAGE_MAX} characters.`),
    )
      .nullish()
      .transform((value) => (value ? value : null)),
    question: text('question', PLACEMENT_QUESTION_MAX),
    options: z
      .array(text('answer', PLACEMENT_OPTION_MAX), { error: 'Give the answers to choose from.' })
      .min(PLACEMENT_OPTIONS_MIN, `Give at least ${PLACEMENT_OPTIONS_MIN} answers to choose from.`)
      .max(PLACEMENT_OPTIONS_MAX, `Give at most ${PLACEMENT_OPTIONS_MAX} answers to choose from.`),
    correct: numberInput(
      'Choose the right answer.',
      z
        .number()
        .int('Choose the right answer.')
        .min(0)
        .max(PLACEMENT_OPTIONS_MAX - 1),
    ),
  })
  .superRefine((item, context) => {
    if (item.correct >= item.options.length) {
      context.addIssue({ code: 'custom', path: ['correct'], message: 'Choose the right answer.' });
    }
    if (new Set(item.options.map((option) => option.toLowerCase())).size !== item.options.length) {
      context.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'Each answer must differ from the others.',
      });
    }
    if (item.skill === 'reading' && item.passage === null) {
      context.addIssue({ code: 'custom', path: ['passage'], message: 'A reading item needs its passage.' });
    }
  });
export type PlacementItemInput = z.input<typeof placementItemBodySchema>;
export type PlacementItemBody = z.output<typeof placementItemBodySchema>;

export const placementItemResponseSchema = envelope(placementItemSchema);
