import { z } from 'zod';

export { DIALOG_TIMEOUT_MS, PAGE_SIZE } from './constants';

/** Every error body: SPEC.md clients read `message` or `errorMessage`; 422 adds per-field `errors`. */
// Named, so the OpenAPI document refers every error response to one component.
export const errorBodySchema = z
  .object({
    message: z.string(),
    errorMessage: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
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
