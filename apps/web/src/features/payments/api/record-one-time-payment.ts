import type { OneTimePaymentBody, oneTimePaymentResponseSchema } from '@tokenly/contract/checkout';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

type OneTimePaymentResponse = z.infer<typeof oneTimePaymentResponseSchema>;

/** Asks the server to verify a succeeded payment intent and grant its tokens (once per intent). */
export const recordOneTimePayment = (body: OneTimePaymentBody) =>
  api.post<OneTimePaymentResponse>(ENDPOINTS.oneTimePayment.path, body);
