import type { PaymentIntentBody } from '@tokenly/contract/checkout';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

export const createPaymentIntent = (body: PaymentIntentBody) =>
  api.call(ENDPOINTS.paymentIntent, { body }).then((response) => response.data);
