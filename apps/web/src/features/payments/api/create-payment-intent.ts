import type { PaymentIntentBody, paymentIntentResponseSchema } from '@tokenly/contract/checkout';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

export const createPaymentIntent = (body: PaymentIntentBody) =>
  api.post<PaymentIntentResponse>(ENDPOINTS.paymentIntent.path, body).then((response) => response.data);
