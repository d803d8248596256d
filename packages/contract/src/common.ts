import { z } from 'zod';

// SPEC.md section 9.
export const PAGE_SIZE = 15;
export const DIALOG_TIMEOUT_MS = 2500;

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
