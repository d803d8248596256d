import { z } from 'zod';

export { DIALOG_TIMEOUT_MS, PAGE_SIZE } from './constants';

/** Every error body: SPEC.md clients read `message` or `errorMessage`; 422 adds per-field `errors`. */
export const errorBodySchema = z.object({
  message: z.string(),
  errorMessage: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
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
  });
export type Paginated<T> = {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  data: T[];
};

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

export const idParamSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const okSchema = envelope(z.object({ ok: z.literal(true) }));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A body schema that also takes other names for some fields, e.g. SPEC.md's add form sends `id` where
 * the edit form sends `course_id`: `withAliases(schema, { course_id: 'id' })`. The main name wins.
 */
export const withAliases = <T extends z.ZodType>(schema: T, aliases: Record<string, string>) =>
  z.preprocess((value) => {
    if (!isRecord(value)) return value;
    const named = { ...value };
    for (const [name, alias] of Object.entries(aliases)) named[name] ??= value[alias];
    return named;
  }, schema);
