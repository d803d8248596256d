import { z } from 'zod';
import { SITE_IMAGE_PATH } from './constants.ts';
import { MESSAGES } from './messages.ts';

export { DIALOG_TIMEOUT_MS, PAGE_SIZE } from './constants.ts';

/**
 * Every error body: SPEC.md clients read `message` or `errorMessage`; 422 adds per-field `errors`. When
 * the message is one of the contract's MESSAGES, `code` names it (a stable key the web app translates)
 * and `values` holds what its placeholders took.
 */
// Named, so the OpenAPI document refers every error response to one component.
export const errorBodySchema = z
  .object({
    message: z.string(),
    errorMessage: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    code: z.string().optional().describe('Which of the known messages `message` is, e.g. "classFull".'),
    values: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .describe("The values in the message's text, by name, for a message that has some."),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Every success body is `{ data: ... }` (DESIGN.md section 5). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const paginated = <T extends z.ZodType>(row: T) =>
  z.object({
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
    data: z.array(row),
    total_is_estimate: z
      .boolean()
      .optional()
      .describe('True when the list is too long to count on every page: total is then an estimate.'),
  });
export type Paginated<T> = {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  data: T[];
  total_is_estimate?: boolean;
};

// Numbers arrive as JSON numbers, or as text from HTML forms, query strings and path ids. z.coerce took
// anything else too: [] and null became 0, true 1 and [[3]] 3. These take a JSON number or a
// decimal numeral and refuse the rest, and the OpenAPI document says so.
const NUMERAL = /^-?\d+(\.\d+)?$/;

/** A JSON number or a decimal numeral ("12", "47.50"), then checked by `number`; `message` refuses the rest. */
export const numberInput = (message: string, number: z.ZodNumber = z.number()) =>
  z.preprocess(
    (value) => (typeof value === 'string' && NUMERAL.test(value) ? Number(value) : value),
    // By here every numeral is a number, so only numbers pass: the numeral branch is what the OpenAPI
    // document shows clients, and the message for other text. Not a transform inside the union (the
    // document generator drops such a branch when an alias reuses the field), nor a pipe after it (a
    // failed number would then hide the field's own message inside other unions and skip object checks).
    z.union([number, z.string().regex(NUMERAL, message)], { error: message }),
  ) as unknown as z.ZodType<number, number | string>;

export const INT4_MAX = 2_147_483_647;

/** A from–to pair of days in order: ISO dates compare as text, and a range ending before it starts is a mistake. */
export const dayRangeInOrder = (range: { from?: string; to?: string }) =>
  !range.from || !range.to || range.from <= range.to;
export const DAY_RANGE_ORDER = { message: 'The end date cannot be before the start date.', path: ['to'] };

/** A database id: a whole number from 1 that fits PostgreSQL's integer. */
export const idInput = (message: string) =>
  numberInput(message, z.number().int(message).min(1, message).max(INT4_MAX, message));

const hasCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** An amount of US dollars: more than 0, at most `max`, whole cents. */
export const usdInput = (label: string, max: number) =>
  numberInput(
    `${label} must be a number.`,
    z
      .number()
      .positive(`${label} must be more than 0.`)
      .max(max, `${label} must be at most ${max} USD.`)
      // The database keeps whole cents.
      .refine(hasCents, `${label} can have at most two decimals.`),
  );

// Dates and instants from clients, as written, lie in these years. Further out the end of a day can be in
// year 10000, which JavaScript writes as +010000 and PostgreSQL refuses (a 500); no class or
// calendar of the school is that far away.
export const YEAR_MIN = 2000;
export const YEAR_MAX = 2999;
const inYears = (value: string) => {
  const year = /^(\d{4})-/.exec(value)?.[1];
  // Text that is no date at all gets the format's message alone.
  return year === undefined || (Number(year) >= YEAR_MIN && Number(year) <= YEAR_MAX);
};
const YEARS = { message: `Use a year from ${YEAR_MIN} to ${YEAR_MAX}.` };
// A refinement, not a pattern: a second pattern would drop the format from the OpenAPI document.
const YEARS_NOTE = `Years ${YEAR_MIN} to ${YEAR_MAX}.`;

/** A calendar date such as 2026-05-01, in the years the product keeps. */
export const isoDateInput = z.iso
  .date({ message: 'Use a date like 2026-05-01.' })
  .refine(inYears, YEARS)
  .describe(`A date such as 2026-05-01. ${YEARS_NOTE}`);

/** An instant with its offset (or Z), so the server never guesses the zone; in the years the product keeps. */
export const isoDateTimeInput = (message: string) =>
  z.iso
    .datetime({ offset: true, error: message })
    .refine(inYears, YEARS)
    .describe(`An ISO 8601 instant with its offset, such as 2026-05-01T09:00:00Z. ${YEARS_NOTE}`);

/** A page number of a paginated list. */
export const pageInput = numberInput(
  'page must be a whole number from 1.',
  z.number().int().min(1).max(1_000_000),
);

export const pageQuerySchema = z.object({ page: pageInput.default(1) });

export const idParamSchema = z.object({
  id: idInput('id must be a whole number from 1.'),
});

export const okSchema = envelope(z.object({ ok: z.literal(true) }));

// Text of one line lands where a line break is structure: mail headers (a contact's name in the
// school's subject, the school's name in every subject: "Enquiry from Bob\r\nBcc: victim@…"), calendar
// properties, CSV rows, log lines. Some readers also break lines at U+0085 (a C1 control) and at the
// Unicode line and paragraph separators; the other controls are never text a person meant to type.
// Patterns, not refinements, so the OpenAPI document tells clients too.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses.
const SINGLE_LINE = /^[^\u0000-\u001F\u007F-\u009F\u2028\u2029]*$/;
// Line feed, carriage return and tab are what a text area legitimately holds.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses.
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;

/** Text of one line: a name, a title, a reason, a search. Refuses every control character and line break. */
export const singleLine = (text: z.ZodString = z.string()) => text.regex(SINGLE_LINE, MESSAGES.singleLine);

/** Text of several lines (a message, a description): keeps line breaks and tabs, refuses other controls. */
export const multiLine = (text: z.ZodString = z.string()) => text.regex(MULTI_LINE, MESSAGES.multiLine);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A body schema that also takes other names for some fields, e.g. SPEC.md's add form sends `id` where
 * the edit form sends `course_id`: `withAliases(schema, { course_id: 'id' })`. The main name wins.
 * The aliases are part of the schema, so the OpenAPI document and clients generated from it list them
 * (each name optional there, as either may be sent); one of the two must still be present.
 */
export const withAliases = <S extends Record<string, z.ZodType>>(
  schema: z.ZodObject<S>,
  aliases: Partial<Record<keyof S & string, string>>,
) => {
  const pairs = Object.entries(aliases).flatMap(([name, alias]) => {
    const field = schema.shape[name];
    return field && alias ? [{ name, alias, field }] : [];
  });
  const accepted: Record<string, z.ZodType> = {};
  for (const { name, alias, field } of pairs) {
    accepted[name] = field.optional();
    accepted[alias] = field.optional().describe(`Another name for ${name}; ${name} wins when both are sent.`);
  }
  return z
    .preprocess((value) => {
      if (!isRecord(value)) return value;
      const named = { ...value };
      for (const { name, alias } of pairs) named[name] ??= value[alias];
      return named;
    }, schema.extend(accepted))
    .superRefine((value, context) => {
      for (const { name, field } of pairs) {
        if ((value as Record<string, unknown>)[name] !== undefined) continue;
        // Left out under both names: the field's own answer to a missing value, if it has one.
        const missing = field.safeParse(undefined).error?.issues[0];
        if (missing) context.addIssue({ code: 'custom', path: [name], message: missing.message });
      }
    })
    .transform((value) => {
      const named: Record<string, unknown> = { ...value };
      for (const { alias } of pairs) delete named[alias];
      // The check above leaves no required field missing: this is the schema's own output.
      return named as z.output<z.ZodObject<S>>;
    });
};

/** Whether the runtime knows this IANA zone name (Europe/London, UTC). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA zone name, refused with `message` when the runtime does not know it. */
export const timeZoneInput = (message: string) => z.string().max(64).refine(isTimeZone, { message });

/**
 * An optional https address (a photo, a store page): '' or null for none. Plain http is refused: the
 * public pages are served over https and would not load it.
 */
export const optionalHttpsUrl = (label: string, max: number) =>
  z
    .union([
      z.literal(''),
      z.null(),
      // The URL parser drops line breaks and tabs from what it is given, so they are refused first.
      singleLine(z.string().trim().max(max, `${label} must be at most ${max} characters.`)).pipe(
        z.url({ protocol: /^https$/, error: `${label} must be a web address starting with https://.` }),
      ),
    ])
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

/** A picture's address: an https address elsewhere, or a picture uploaded to the site (SITE_IMAGE_PATH). */
export const optionalPictureUrl = (label: string, max: number) => {
  const httpsUrl = z.url({ protocol: /^https$/ });
  return z
    .union([
      z.literal(''),
      z.null(),
      singleLine(z.string().trim().max(max, `${label} must be at most ${max} characters.`)).refine(
        (value) => SITE_IMAGE_PATH.test(value) || httpsUrl.safeParse(value).success,
        `${label} must be a web address starting with https://, or a picture uploaded here.`,
      ),
    ])
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));
};
