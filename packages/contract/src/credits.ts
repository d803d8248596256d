import { z } from 'zod';
import { envelope, paginated, singleLine } from './common.ts';

// SPEC.md section 7: `get-user-token` answers the balance as a bare number in `data`.
export const userTokenResponseSchema = envelope(z.number().int());

/** The credits that expire first and when; null when the learner holds none. */
export const nextExpirySchema = z
  .object({ credits: z.number().int(), expires_at: z.iso.datetime() })
  .nullable();

export const creditSummarySchema = z.object({ balance: z.number().int(), next_expiry: nextExpirySchema });
export type CreditSummary = z.infer<typeof creditSummarySchema>;
export const creditSummaryResponseSchema = envelope(creditSummarySchema);

export const LEDGER_REASONS = [
  'purchase',
  'subscription',
  'grant',
  'booking',
  'refund',
  'expiry',
  'adjustment',
  // Unused credits taken back because their payment was refunded or disputed.
  'clawback',
  // A cancel inside the free-cancellation window; delta 0, the booking keeps its credits.
  'late_cancel',
  // An administrator gives back the credits of a late cancel or a no-show.
  'waiver',
  // Bookkeeping that nets to zero on a lot: a booking's credits settled on a lot that cannot take them
  // back (expired, or its payment refunded), before they land in a lot of their own.
  'transfer',
  // Credits of the referral programme: the invited friend's bonus, or the sponsor's reward.
  'referral',
  // Unused membership credits carried into the next period at a renewal (the school's rollover setting):
  // taken from the lot they were in and put in one that lasts a period longer.
  'rollover',
  // A gift code redeemed: the package another learner bought for the one who redeemed it.
  'gift',
] as const;

export const ledgerRowSchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  reason: z.enum(LEDGER_REASONS),
  note: z.string().nullable(),
  booking_id: z.number().int().nullable(),
  payment_id: z.number().int().nullable(),
  lot_id: z.number().int().nullable(),
  // What the movement was about, so a history reads without ids: the class of a booking or
  // refund, the plan of a payment.
  class_title: z.string().nullable(),
  class_time: z.iso.datetime().nullable(),
  plan_title: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;

export const ADMIN_LEDGER_LIMIT = 50;
export const MAX_CREDIT_ADJUSTMENT = 1000;

export const adminUserCreditsResponseSchema = envelope(
  creditSummarySchema.extend({ ledger: z.array(ledgerRowSchema).max(ADMIN_LEDGER_LIMIT) }),
);
export type AdminUserCredits = z.infer<typeof adminUserCreditsResponseSchema>['data'];

/** An admin grant (positive) or removal (negative) of credits, with the reason kept in the ledger. */
export const adminCreditAdjustmentBodySchema = z.strictObject({
  delta: z
    .number()
    .int()
    .min(-MAX_CREDIT_ADJUSTMENT)
    .max(MAX_CREDIT_ADJUSTMENT)
    .refine((value) => value !== 0, { message: 'Enter a number of credits other than 0.' }),
  reason: singleLine(z.string().trim().min(1, { message: 'Give a reason.' }).max(200)),
});
export type AdminCreditAdjustmentBody = z.infer<typeof adminCreditAdjustmentBodySchema>;

export const adminCreditAdjustmentResponseSchema = envelope(z.object({ balance: z.number().int() }));

/** Where a lot came from: a package, a membership period, an administrator's grant, a refund, a referral, a gift. */
export const LOT_SOURCES = ['purchase', 'subscription', 'grant', 'refund', 'referral', 'gift'] as const;
/** Lots expiring within this many days are highlighted on the learner's credits page. */
export const EXPIRING_SOON_DAYS = 7;

export const creditLotSchema = z.object({
  id: z.number().int(),
  source: z.enum(LOT_SOURCES),
  // The plan of a package or membership payment; null for grants and refunds.
  plan_title: z.string().nullable(),
  // A membership lot's billing period; null otherwise.
  period_start: z.iso.datetime().nullable(),
  period_end: z.iso.datetime().nullable(),
  credits_total: z.number().int(),
  credits_remaining: z.number().int(),
  expires_at: z.iso.datetime(),
  // Whole days until expiry, rounded up (0 never appears: an expired lot is not usable).
  days_left: z.number().int(),
  created_at: z.iso.datetime(),
});
export type CreditLot = z.infer<typeof creditLotSchema>;

/** GET user-credits: the balance, the next expiry and every usable lot, the one expiring first first. */
export const userCreditsSchema = creditSummarySchema.extend({ lots: z.array(creditLotSchema) });
export type UserCredits = z.infer<typeof userCreditsSchema>;
export const userCreditsResponseSchema = envelope(userCreditsSchema);

/** GET user-credit-history: every movement of the learner's credits, newest first, 15 a page. */
export const userCreditHistoryResponseSchema = envelope(paginated(ledgerRowSchema));
