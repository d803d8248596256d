import { z } from 'zod';
import {
  envelope,
  idInput,
  isoDateTimeInput,
  numberInput,
  paginated,
  singleLine,
  usdInput,
} from './common.ts';

// Promo codes (docs/referrals.md#promo-codes): the school's codes for a seasonal offer, entered at the
// checkout under "Have a code?". The server prices every discount itself; the client only names the code.

export const PROMO_DISCOUNT_KINDS = ['percent', 'amount'] as const;
export type PromoDiscountKind = (typeof PROMO_DISCOUNT_KINDS)[number];

/** A card payment cannot be smaller (Stripe's minimum charge in USD): a discount stops there. */
export const PROMO_MIN_CHARGE_CENTS = 50;
export const PROMO_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;

/**
 * What a code takes off a price, to the cent: a percent rounded half up, or a fixed amount; never so much
 * that less than PROMO_MIN_CHARGE_CENTS is left to charge. Shared so the checkout shows what the server charges.
 */
export function promoDiscountCents(
  priceCents: number,
  code: { kind: PromoDiscountKind; percent_off: number | null; amount_off_cents: number | null },
): number {
  const raw =
    code.kind === 'percent'
      ? Math.round((priceCents * (code.percent_off ?? 0)) / 100)
      : (code.amount_off_cents ?? 0);
  return Math.max(0, Math.min(raw, priceCents - PROMO_MIN_CHARGE_CENTS));
}

const codeInput = singleLine(
  z
    .string({ error: 'Enter a code.' })
    .trim()
    .min(1, 'Enter a code.')
    .max(32, 'A code has at most 32 characters.'),
).transform((value) => value.toUpperCase());

const countInput = (label: string) =>
  z
    .union([
      z.literal(''),
      z.null(),
      numberInput(
        `${label} must be a whole number.`,
        z
          .number()
          .int(`${label} must be a whole number.`)
          .min(1, `${label} must be at least 1.`)
          .max(1_000_000),
      ),
    ])
    .optional()
    .transform((value) => (typeof value === 'number' ? value : null));

const instantInput = (label: string) =>
  z
    .union([z.literal(''), z.null(), isoDateTimeInput(`${label} must be a date and time.`)])
    .optional()
    .transform((value) => (typeof value === 'string' && value !== '' ? value : null));

/** POST admin-promo-codes and PUT admin-promo-code/:id: every field of the code; null or '' means no limit. */
export const promoCodeBodySchema = z
  .object({
    code: codeInput.refine((value) => PROMO_CODE_PATTERN.test(value), {
      message: 'Use 3 to 32 letters, digits and hyphens.',
    }),
    description: singleLine(z.string().trim().max(200, 'At most 200 characters.')).default(''),
    kind: z.enum(PROMO_DISCOUNT_KINDS, { error: 'Choose percent or amount.' }),
    percent_off: z
      .union([
        z.literal(''),
        z.null(),
        numberInput(
          'Percent off must be a whole number from 1 to 100.',
          z
            .number()
            .int('Percent off must be a whole number from 1 to 100.')
            .min(1, 'Percent off must be a whole number from 1 to 100.')
            .max(100, 'Percent off must be a whole number from 1 to 100.'),
        ),
      ])
      .optional()
      .transform((value) => (typeof value === 'number' ? value : null)),
    amount_off: z
      .union([z.literal(''), z.null(), usdInput('Amount off', 100_000)])
      .optional()
      .transform((value) => (typeof value === 'number' ? value : null)),
    // Empty: every package.
    token_plan_ids: z.array(idInput('Choose packages by their id.')).max(100).default([]),
    first_purchase_only: z.boolean().default(false),
    starts_at: instantInput('Starts'),
    ends_at: instantInput('Ends'),
    max_uses: countInput('Total uses'),
    max_uses_per_learner: countInput('Uses per learner'),
    active: z.boolean().default(true),
  })
  .refine((body) => body.kind !== 'percent' || body.percent_off !== null, {
    message: 'Percent off is required.',
    path: ['percent_off'],
  })
  .refine((body) => body.kind !== 'amount' || body.amount_off !== null, {
    message: 'Amount off is required.',
    path: ['amount_off'],
  })
  .refine((body) => !body.starts_at || !body.ends_at || body.starts_at < body.ends_at, {
    message: 'The end must be after the start.',
    path: ['ends_at'],
  });
export type PromoCodeBody = z.output<typeof promoCodeBodySchema>;
export type PromoCodeInput = z.input<typeof promoCodeBodySchema>;

export const promoCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(PROMO_DISCOUNT_KINDS),
  percent_off: z.number().int().nullable(),
  // USD.
  amount_off: z.number().nullable(),
  token_plan_ids: z.array(z.number().int()),
  first_purchase_only: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_learner: z.number().int().nullable(),
  active: z.boolean(),
  // Paid checkouts with the code, and checkouts holding it now (counted against the limits).
  uses: z.number().int(),
  held: z.number().int(),
  created_at: z.string(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;
export const promoCodeResponseSchema = envelope(promoCodeSchema);
export const promoCodePageResponseSchema = envelope(paginated(promoCodeSchema));

/** POST promo-code/check: what the code takes off this package for the signed-in learner. */
export const promoCodeCheckBodySchema = z.object({
  code: codeInput,
  user_credit_token_id: idInput('user_credit_token_id must be a plan id.'),
});
export const promoQuoteSchema = z.object({
  code: z.string(),
  // USD: the package's price, the discount, and what is charged.
  price: z.number(),
  discount: z.number(),
  amount: z.number(),
});
export type PromoQuote = z.infer<typeof promoQuoteSchema>;
export const promoQuoteResponseSchema = envelope(promoQuoteSchema);

/** The optional code of payment/intent. */
export const promoCodeField = codeInput.optional();
