import { z } from 'zod';
import { envelope, paginated } from './common';

/** SPEC.md "Payment (admin list)"; amount in USD, dates as ISO instants. */
export const paymentSchema = z.object({
  id: z.number().int(),
  // Issue 18: what a person reads and quotes, e.g. TE-000042; the provider's id stays out of sight.
  reference: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  token_plan: z.object({ id: z.number().int(), token_title: z.string() }),
  number_token: z.number().int(),
  amount: z.number(),
  // SPEC.md: 1 means a subscription payment.
  membership: z.union([z.literal(1), z.literal(0)]),
  status: z.enum(['pending', 'succeeded', 'failed', 'refunded']),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentPageResponseSchema = envelope(paginated(paymentSchema));

/** GET user-payment-receipt/:id (issue 18): what a printed receipt of one payment shows. */
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
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;
export const paymentReceiptResponseSchema = envelope(paymentReceiptSchema);
