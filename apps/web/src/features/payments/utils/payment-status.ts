import type { Payment } from '@tokenly/contract/payments';

/** A payment's status in words, for the payment list and the receipt alike. */
export const PAYMENT_STATUS_LABELS: Record<Payment['status'], string> = {
  succeeded: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
};
