import { type Payment, type PaymentState, paymentState } from '@tokenly/contract/payments';
import type { MessageKey } from '@tokenly/i18n/keys';
import { formatDate, formatUsd } from '../../../lib/format';
import { t } from '../../../lib/i18n';

const PAYMENT_STATE_LABELS: Record<PaymentState, MessageKey> = {
  succeeded: 'payments.status.succeeded',
  partly_refunded: 'payments.status.partlyRefunded',
  pending: 'payments.status.pending',
  failed: 'payments.status.failed',
  refunded: 'payments.status.refunded',
};

/**
 * A payment's status in words ("Paid", "Partly refunded"…), for the payment list and the receipt alike. In
 * the page's language, so a component calling it renders with the language (useT).
 */
export const paymentStatusLabel = (payment: Pick<Payment, 'status' | 'amount_refunded'>) =>
  t(PAYMENT_STATE_LABELS[paymentState(payment)]);

type RefundState = Pick<Payment, 'amount' | 'amount_refunded' | 'refunded_at' | 'disputed_at'>;

function refundedText(payment: RefundState): string {
  const full = payment.amount_refunded >= payment.amount;
  const amount = formatUsd(payment.amount_refunded);
  if (!payment.refunded_at)
    return full ? t('payments.refund.full') : t('payments.refund.partial', { amount });
  const date = formatDate(payment.refunded_at);
  return full ? t('payments.refund.fullOn', { date }) : t('payments.refund.partialOn', { amount, date });
}

/**
 * What went back to the card and when, and a dispute; null when neither happened. In the
 * page's language, so a component calling it renders with the language (useT).
 */
export function refundLine(payment: RefundState): string | null {
  const refund = payment.amount_refunded > 0 ? refundedText(payment) : null;
  const dispute = payment.disputed_at
    ? t('payments.refund.disputed', { date: formatDate(payment.disputed_at) })
    : null;
  if (refund && dispute) return t('payments.refund.andDispute', { refund, dispute });
  return refund ?? dispute;
}
