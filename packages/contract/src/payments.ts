import { z } from 'zod';
import { envelope, paginated } from './common';

/** SPEC.md "Payment (admin list)"; amount in USD, dates as ISO instants. */
export const paymentSchema = z.object({
  id: z.number().int(),
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
