import type { Paginated } from '@tokenly/contract/common';
import type { Payment } from '@tokenly/contract/payments';
import type { Database } from '../../db/client';
import { centsToUsd } from '../../lib/money';
import { pageOffset, toPage } from '../../lib/pagination';
import { countPayments, listPayments, type PaymentWithNames } from './payments-repository';

export function toPaymentDto(payment: PaymentWithNames): Payment {
  return {
    id: payment.id,
    user: { id: payment.userId, name: payment.userName },
    token_plan: { id: payment.tokenPlanId, token_title: payment.tokenTitle },
    number_token: payment.numberToken,
    amount: centsToUsd(payment.amount),
    membership: payment.membership === 1 ? 1 : 0,
    status: payment.status,
    start_date: payment.startDate?.toISOString() ?? null,
    end_date: payment.endDate?.toISOString() ?? null,
    created_at: payment.createdAt.toISOString(),
  };
}

export function createPaymentsService(db: Database) {
  return {
    /** Every learner's payments, newest first (SPEC.md "Admin payment list"). */
    async list(page: number): Promise<Paginated<Payment>> {
      const [rows, total] = await Promise.all([
        listPayments(db, { offset: pageOffset(page) }),
        countPayments(db),
      ]);
      return toPage(rows.map(toPaymentDto), total, page);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
