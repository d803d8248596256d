import { z } from 'zod';
import { CLUB_MONTHS_MAX } from './club-pass.ts';
import { envelope, numberInput, paginated, singleLine, usdInput } from './common.ts';

/**
 * A package is bought once, a membership renews every interval_months; both grant tokens. A club plan
 * is the Conversation Club sold as a monthly subscription: each paid period runs the learner's Club pass,
 * and it grants no tokens (DESIGN.md section 7: passes never mix with credits).
 */
export const TOKEN_PLAN_KINDS = ['package', 'membership', 'club'] as const;
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
  // Billing period of a membership or club plan; null for one-time packages.
  interval_months: z.number().int().nullable(),
  // Months of Conversation Club pass each purchase brings (SPEC.md section 9: packages 3 and 4 carry one).
  club_months: z.number().int(),
  active: z.boolean(),
});
export type TokenPlan = z.infer<typeof tokenPlanSchema>;

export const tokenPlanListResponseSchema = envelope(z.array(tokenPlanSchema));
export const tokenPlanResponseSchema = envelope(tokenPlanSchema);

export const TOKEN_CREDIT_MAX = 1000;
// Ten years: long enough for any plan, short enough to catch a typo of days for minutes.
export const TOKEN_EXPIRY_MAX_DAYS = 3650;
export const TOKEN_AMOUNT_MAX_USD = 100_000;

const usdAmountSchema = usdInput('Price', TOKEN_AMOUNT_MAX_USD);
const CLUB_MONTHS_MESSAGE = `Club months must be a whole number from 0 to ${CLUB_MONTHS_MAX}.`;

/** SPEC.md "Admin Edit Token": title, credit and expiry required; the price may change too. */
export const tokenPlanEditBodySchema = z.object({
  token_title: singleLine(
    z
      .string({ error: 'Token title is required.' })
      .trim()
      .min(1, 'Token title is required.')
      .max(120, 'Token title must be at most 120 characters.'),
  ),
  // 0 only for a club plan, which grants no tokens (the service checks it against the kind).
  token_credit: numberInput(
    'Token credit is required.',
    z
      .number()
      .int('Token credit must be a whole number.')
      .min(0, 'Token credit must be at least 1.')
      .max(TOKEN_CREDIT_MAX, `Token credit must be at most ${TOKEN_CREDIT_MAX}.`),
  ),
  token_expiry: numberInput(
    'Token expiry is required.',
    z
      .number()
      .int('Token expiry must be a whole number of days.')
      .min(1, 'Token expiry must be at least 1 day.')
      .max(TOKEN_EXPIRY_MAX_DAYS, `Token expiry must be at most ${TOKEN_EXPIRY_MAX_DAYS} days.`),
  ),
  amount: usdAmountSchema.optional(),
  // Left out (a client from before the Club pass), the stored value stays.
  club_months: numberInput(
    CLUB_MONTHS_MESSAGE,
    z
      .number(CLUB_MONTHS_MESSAGE)
      .int(CLUB_MONTHS_MESSAGE)
      .min(0, CLUB_MONTHS_MESSAGE)
      .max(CLUB_MONTHS_MAX, CLUB_MONTHS_MESSAGE),
  ).optional(),
  // false takes the plan off sale; bought tokens and running subscriptions are not affected.
  active: z.boolean({ error: 'Active must be true or false.' }).optional(),
});
export type TokenPlanEditBody = z.output<typeof tokenPlanEditBodySchema>;
export type TokenPlanEditInput = z.input<typeof tokenPlanEditBodySchema>;

/** POST admin-user-token: a new package, a membership renewing every interval_months, or a club plan. */
export const tokenPlanAddBodySchema = tokenPlanEditBodySchema.extend({
  amount: usdAmountSchema,
  kind: tokenPlanKindSchema.default('package'),
  interval_months: z
    .union([
      z.literal(''),
      z.null(),
      numberInput(
        'Billing period must be a number of months.',
        z
          .number()
          .int('Billing period must be a whole number of months.')
          .min(1, 'Billing period must be at least 1 month.')
          .max(24, 'Billing period must be at most 24 months.'),
      ),
    ])
    .optional()
    .transform((value) => (typeof value === 'number' ? value : null)),
});
export type TokenPlanAddBody = z.output<typeof tokenPlanAddBodySchema>;
export type TokenPlanAddInput = z.input<typeof tokenPlanAddBodySchema>;

export const tokenPlanPageResponseSchema = envelope(paginated(tokenPlanSchema));
