import { type Payment, type PaymentState, paymentState } from '@tokenly/contract/payments';

/** The words the administration screens give each payment state. */
export const PAYMENT_STATE_WORDS: Record<PaymentState, string> = {
  succeeded: 'Paid',
  partly_refunded: 'Partly refunded',
  refunded: 'Refunded',
  failed: 'Failed',
  pending: 'Pending',
};

/** "Paid", "Partly refunded", "Failed"…: a payment's status in words. */
export const paymentStatusWords = (payment: Pick<Payment, 'status' | 'amount_refunded'>) =>
  PAYMENT_STATE_WORDS[paymentState(payment)];
