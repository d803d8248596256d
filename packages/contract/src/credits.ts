import { z } from 'zod';
import { envelope } from './common';

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
] as const;

export const ledgerRowSchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  reason: z.enum(LEDGER_REASONS),
  note: z.string().nullable(),
  booking_id: z.number().int().nullable(),
  payment_id: z.number().int().nullable(),
  lot_id: z.number().int().nullable(),
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
  reason: z.string().trim().min(1, { message: 'Give a reason.' }).max(200),
});
export type AdminCreditAdjustmentBody = z.infer<typeof adminCreditAdjustmentBodySchema>;

export const adminCreditAdjustmentResponseSchema = envelope(z.object({ balance: z.number().int() }));
