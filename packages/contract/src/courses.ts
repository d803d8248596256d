import { z } from 'zod';
import { envelope, multiLine, numberInput, pageInput, paginated, singleLine, withAliases } from './common.ts';
import { cefrLevelSchema } from './levels.ts';
import { COURSE_TAB_COUNT } from './site.ts';

export const COURSE_STATUSES = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
] as const;
export const courseStatusSchema = z.enum(['1', '0'], { error: 'Choose Active (1) or Inactive (0).' });
export type CourseStatus = z.infer<typeof courseStatusSchema>;

export const HEX_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;
export const COURSE_TOKEN_MAX = 100;

/** SPEC.md "Class type"; a missing colour is shown as white. */
export const courseSchema = z.object({
  id: z.number().int(),
  course_title: z.string(),
  course_color: z.string().nullable(),
  status: courseStatusSchema,
  number_token: z.number().int(),
  // The CEFR levels the type is for (its classes inherit them), both null for all levels.
  level_min: cefrLevelSchema.nullable(),
  level_max: cefrLevelSchema.nullable(),
  description: z.string().nullable(),
  /** The home page's card: levels in the school's words, the format, and the tab (1..6) or null (not shown). */
  level_range: z.string().nullable(),
  format: z.string().nullable(),
  site_tab: z.number().int().nullable(),
  // Booked with the Conversation Club pass, never with tokens.
  club: z.boolean(),
});
export type Course = z.infer<typeof courseSchema>;

const optionalLevel = z
  .union([z.literal(''), z.null(), cefrLevelSchema])
  .optional()
  .transform((value) => (value === '' ? null : value));
export const COURSE_DESCRIPTION_MAX = 300;
export const COURSE_LEVEL_RANGE_MAX = 60;
export const COURSE_FORMAT_MAX = 120;

/** Optional text of one line, kept when left out; '' or null means none. */
const optionalCardLine = (label: string, max: number) =>
  z
    .union([z.null(), singleLine(z.string().trim().max(max, `${label} must be at most ${max} characters.`))])
    .optional()
    .transform((value) => (value === '' ? null : value));

/** The Add/Edit Type form, with SPEC.md's field names (title, status, color, token). */
export const courseFormSchema = z.object({
  course_title: singleLine(
    z
      .string({ error: 'Title is required.' })
      .trim()
      .min(1, 'Title is required.')
      .max(120, 'Title must be at most 120 characters.'),
  ),
  // SPEC.md's forms may send the status as a number; the database keeps '1'/'0'.
  status: z.union(
    [courseStatusSchema, z.literal([1, 0]).transform((value): CourseStatus => (value === 1 ? '1' : '0'))],
    { error: 'Choose Active (1) or Inactive (0).' },
  ),
  // SPEC.md: the colour is optional; '' from an emptied picker means none.
  color: z
    .union([
      z.literal(''),
      z.null(),
      z.string().regex(HEX_COLOR_PATTERN, 'Colour must be a hex colour such as #2F80ED.'),
    ])
    .optional()
    .transform((value) => (value ? value.toUpperCase() : null)),
  token: numberInput(
    'Token count is required.',
    z
      .number()
      .int('Token count must be a whole number.')
      .min(1, 'Token count must be at least 1.')
      .max(COURSE_TOKEN_MAX, `Token count must be at most ${COURSE_TOKEN_MAX}.`),
  ),
  // The CEFR range, kept when left out (a SPEC.md client sends neither); '' or null for both means all
  // levels; one alone is a single level.
  level_min: optionalLevel,
  level_max: optionalLevel,
  description: z
    .union([
      z.null(),
      multiLine(
        z
          .string()
          .trim()
          .max(COURSE_DESCRIPTION_MAX, `Description must be at most ${COURSE_DESCRIPTION_MAX} characters.`),
      ),
    ])
    .optional()
    .transform((value) => (value === '' ? null : value)),
  level_range: optionalCardLine('Level range', COURSE_LEVEL_RANGE_MAX),
  format: optionalCardLine('Format', COURSE_FORMAT_MAX),
  // Kept when left out; '' or null takes the type off the home page.
  site_tab: z
    .union([
      z.literal(''),
      z.null(),
      numberInput(
        `Choose a tab from 1 to ${COURSE_TAB_COUNT}.`,
        z
          .number()
          .int(`Choose a tab from 1 to ${COURSE_TAB_COUNT}.`)
          .min(1, `Choose a tab from 1 to ${COURSE_TAB_COUNT}.`)
          .max(COURSE_TAB_COUNT, `Choose a tab from 1 to ${COURSE_TAB_COUNT}.`),
      ),
    ])
    .optional()
    .transform((value) => (value === '' ? null : value)),
  // A club type is booked with the Club pass; kept when left out.
  club: z.boolean({ error: 'Club must be true or false.' }).optional(),
});
export type CourseFormInput = z.input<typeof courseFormSchema>;

/**
 * POST/PUT admin-courses: the form's names, also accepting the stored names (course_color,
 * number_token) that a client reading a type back would send, and SPEC.md section 7's `title` (its
 * section 3 says course_title).
 */
export const courseBodySchema = withAliases(courseFormSchema, {
  course_title: 'title',
  color: 'course_color',
  token: 'number_token',
});
export type CourseBody = z.output<typeof courseBodySchema>;

/** admin-courses takes `page` optionally: without it the plain list (dashboard, top bar), with it a page. */
export const courseListQuerySchema = z.object({
  page: pageInput.optional(),
});

export const courseListResponseSchema = envelope(z.array(courseSchema));
export const coursePageResponseSchema = envelope(paginated(courseSchema));
export const courseListOrPageResponseSchema = envelope(
  z.union([paginated(courseSchema), z.array(courseSchema)]),
);
export const courseResponseSchema = envelope(courseSchema);
