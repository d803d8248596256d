import { z } from 'zod';
import { envelope } from './common';

export const TOKEN_PLAN_KINDS = ['package', 'membership'] as const;
export const tokenPlanKindSchema = z.enum(TOKEN_PLAN_KINDS);
export type TokenPlanKind = z.infer<typeof tokenPlanKindSchema>;

/** SPEC.md "Token plan"; the database keeps cents, the API shows USD as SPEC.md does (DESIGN.md section 5). */
export const tokenPlanSchema = z.object({
  id: z.number().int(),
  token_title: z.string(),
  token_credit: z.number().int(),
  // Days the bought tokens stay usable.
  token_expiry: z.number().int(),
  // USD, VAT included, e.g. 28 or 47.5.
  amount: z.number(),
  kind: tokenPlanKindSchema,
  // Billing period of a membership; null for one-time packages.
  interval_months: z.number().int().nullable(),
  active: z.boolean(),
});
export type TokenPlan = z.infer<typeof tokenPlanSchema>;

export const tokenPlanListResponseSchema = envelope(z.array(tokenPlanSchema));
export const tokenPlanResponseSchema = envelope(tokenPlanSchema);
