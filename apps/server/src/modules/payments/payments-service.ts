import type { Paginated } from '@tokenly/contract/common';
import type { Payment, PaymentReceipt } from '@tokenly/contract/payments';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { centsToUsd } from '../../lib/money';
import { pageOffset, toPage } from '../../lib/pagination';
import { SCHOOL_NAME } from '../mail/templates/mail-layout';
import {
  countPayments,
  listPayments,
  lotExpiryOfPayment,
  type PaymentWithNames,
} from './payments-repository';

/** A payment's reference for people (issue 18): short, stable, and free of the provider's ids. */
export function paymentReference(id: number): string {
  return `TE-${String(id).padStart(6, '0')}`;
}

export function toPaymentDto(payment: PaymentWithNames): Payment {
  return {
    id: payment.id,
    reference: paymentReference(payment.id),
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

    /** One payment of the learner, as its receipt; another learner's payment reads as unknown. */
    async receipt(userId: number, paymentId: number): Promise<PaymentReceipt> {
      const [payment] = await listPayments(db, { offset: 0, limit: 1, userId, paymentId });
      if (!payment) throw new AppError('NOT_FOUND', 'This payment does not exist.');
      const expiresAt = await lotExpiryOfPayment(db, payment.id);
      const dto = toPaymentDto(payment);
      return {
        id: dto.id,
        reference: dto.reference,
        school_name: SCHOOL_NAME,
        created_at: dto.created_at,
        plan_title: dto.token_plan.token_title,
        membership: dto.membership,
        amount: dto.amount,
        number_token: dto.number_token,
        status: dto.status,
        start_date: dto.start_date,
        end_date: dto.end_date,
        credits_expire_at: expiresAt?.toISOString() ?? null,
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
