import type { Payment } from '@tokenly/contract/payments';
import { formatDate, formatUsd } from '../../../lib/format';

/** A payment's status in words, for the payment list and the receipt alike. */
export const PAYMENT_STATUS_LABELS: Record<Payment['status'], string> = {
  succeeded: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
};

type RefundState = Pick<Payment, 'amount' | 'amount_refunded' | 'refunded_at' | 'disputed_at'>;

/** What went back to the card and when, and a dispute (issue 19); null when neither happened. */
export function refundLine(payment: RefundState): string | null {
  const parts: string[] = [];
  if (payment.amount_refunded > 0) {
    const when = payment.refunded_at ? ` on ${formatDate(payment.refunded_at)}` : '';
    parts.push(
      payment.amount_refunded >= payment.amount
        ? `Refunded in full${when}`
        : `${formatUsd(payment.amount_refunded)} refunded${when}`,
    );
  }
  if (payment.disputed_at) parts.push(`Disputed with your bank on ${formatDate(payment.disputed_at)}`);
  return parts.length > 0 ? parts.join('; ') : null;
}
