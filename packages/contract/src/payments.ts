import { z } from 'zod';
import {
  DAY_RANGE_ORDER,
  dayRangeInOrder,
  envelope,
  idInput,
  isoDateInput,
  pageQuerySchema,
  paginated,
  singleLine,
  usdInput,
} from './common.ts';
import { TOKEN_PLAN_KINDS } from './token-plans.ts';

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;

/** SPEC.md "Payment (admin list)"; amount in USD, dates as ISO instants. */
export const paymentSchema = z.object({
  id: z.number().int(),
  // What a person reads and quotes, e.g. TE-000042; the provider's id stays out of sight.
  reference: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  token_plan: z.object({ id: z.number().int(), token_title: z.string() }),
  number_token: z.number().int(),
  amount: z.number(),
  // SPEC.md: 1 means a subscription payment.
  membership: z.union([z.literal(1), z.literal(0)]),
  status: z.enum(PAYMENT_STATUSES),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  created_at: z.string(),
  // What went back to the card so far (USD, 0 when nothing), the last time it did, and when
  // the cardholder's bank opened a dispute (null when none). A full refund also makes status `refunded`.
  amount_refunded: z.number(),
  refunded_at: z.string().nullable(),
  disputed_at: z.string().nullable(),
  // Who refunded: an administrator's name, or the provider when it came by webhook (admin list only).
  refunded_by: z.string().nullable(),
  // The payment's invoice (docs/payments.md#invoices); null for payments from before invoices existed.
  invoice: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  // Why a failed payment failed, in the provider's words ("Your card was declined."); null otherwise.
  failure_reason: z.string().nullable(),
  // The promo code the learner entered and what it took off the price (USD, 0 when none); `amount` is
  // what was charged.
  promo_code: z.string().nullable(),
  discount: z.number(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A payment as people read it: a paid one with part of it sent back is partly refunded. */
export type PaymentState = Payment['status'] | 'partly_refunded';
export function paymentState(payment: Pick<Payment, 'status' | 'amount_refunded'>): PaymentState {
  return payment.status === 'succeeded' && payment.amount_refunded > 0 ? 'partly_refunded' : payment.status;
}

/**
 * The accountant's filters of the admin payment list and its CSV export. Dates are days in the
 * school's time zone, both inclusive; `student` matches a part of the learner's name or email.
 */
const paymentFilterFields = {
  from: isoDateInput.optional(),
  to: isoDateInput.optional(),
  plan_id: idInput('plan_id must be a whole number from 1.').optional(),
  kind: z.enum(TOKEN_PLAN_KINDS).optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  student: singleLine(z.string().trim().max(100)).optional(),
  user_id: idInput('user_id must be a whole number from 1.').optional(),
};
export const paymentFiltersSchema = z.object(paymentFilterFields).refine(dayRangeInOrder, DAY_RANGE_ORDER);
export type PaymentFilters = z.infer<typeof paymentFiltersSchema>;
export const adminPaymentsQuerySchema = pageQuerySchema
  .extend(paymentFilterFields)
  .refine(dayRangeInOrder, DAY_RANGE_ORDER);

/**
 * Totals of every payment the filters match, not only the page: `gross` is what was taken (succeeded and
 * later refunded payments), `refunded` what went back, `net` the difference; USD.
 */
export const paymentTotalsSchema = z.object({
  count: z.number().int(),
  gross: z.number(),
  refunded: z.number(),
  net: z.number(),
});
export type PaymentTotals = z.infer<typeof paymentTotalsSchema>;

export const adminPaymentPageResponseSchema = envelope(
  paginated(paymentSchema).extend({ totals: paymentTotalsSchema }),
);
export type AdminPaymentPage = z.infer<typeof adminPaymentPageResponseSchema>['data'];
/** GET user-payment-receipt/:id: what a printed receipt of one payment shows. */
export const paymentReceiptSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  school_name: z.string(),
  created_at: z.string(),
  plan_title: z.string(),
  membership: z.union([z.literal(1), z.literal(0)]),
  // USD, VAT included.
  amount: z.number(),
  number_token: z.number().int(),
  status: paymentSchema.shape.status,
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  // When the tokens of this payment expire; null when it granted none (failed, pending).
  credits_expire_at: z.string().nullable(),
  amount_refunded: z.number(),
  refunded_at: z.string().nullable(),
  disputed_at: z.string().nullable(),
  invoice: paymentSchema.shape.invoice,
  promo_code: paymentSchema.shape.promo_code,
  discount: paymentSchema.shape.discount,
  // A membership's move to a dearer plan: the plan it moved from (the payment is the difference for the
  // rest of the period); null for any other payment.
  plan_change_from: z.string().nullable(),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;
export const paymentReceiptResponseSchema = envelope(paymentReceiptSchema);

/**
 * GET admin-payment/:id/refund-preview: what a refund would do, shown before the
 * administrator confirms. Every unused credit of the payment's lot is removed whatever the amount; the
 * suggested amount is the share of the price those credits stand for (USD).
 */
export const refundPreviewSchema = z.object({
  payment_id: z.number().int(),
  reference: z.string(),
  student: z.object({ id: z.number().int(), name: z.string() }),
  amount: z.number(),
  amount_refunded: z.number(),
  // At most this much can still go back (USD).
  refundable: z.number(),
  credits_total: z.number().int(),
  credits_unused: z.number().int(),
  credits_used: z.number().int(),
  suggested_amount: z.number(),
  balance: z.number().int(),
  balance_after: z.number().int(),
});
export type RefundPreview = z.infer<typeof refundPreviewSchema>;
export const refundPreviewResponseSchema = envelope(refundPreviewSchema);

export const REFUND_REASON_MAX = 200;
/** POST admin-payment/:id/refund: the amount in USD (at most what remains refundable) and why. */
export const refundBodySchema = z.strictObject({
  amount: usdInput('amount', 100_000),
  reason: singleLine(z.string().trim().min(1, { message: 'Give a reason.' }).max(REFUND_REASON_MAX)),
});
export type RefundBody = z.output<typeof refundBodySchema>;
export type RefundFormInput = z.input<typeof refundBodySchema>;

export const refundResultSchema = z.object({
  payment: paymentSchema,
  // Credits the refund took from the learner (the lot's unused ones); 0 when none were left.
  credits_removed: z.number().int(),
  balance: z.number().int(),
});
export type RefundResult = z.infer<typeof refundResultSchema>;
export const refundResponseSchema = envelope(refundResultSchema);
