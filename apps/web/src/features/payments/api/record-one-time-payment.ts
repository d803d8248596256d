import type { OneTimePaymentBody } from '@tokenly/contract/checkout';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { api } from '../../../lib/api-client';

/** Asks the server to verify a succeeded payment intent and grant its tokens (once per intent). */
export const recordOneTimePayment = (body: OneTimePaymentBody) =>
  api.call(ENDPOINTS.oneTimePayment, { body });
