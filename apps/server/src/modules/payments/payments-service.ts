import type { Paginated } from '@tokenly/contract/common';
import { MESSAGES } from '@tokenly/contract/messages';
import type { AdminPaymentPage, Payment, PaymentFilters, PaymentReceipt } from '@tokenly/contract/payments';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type CsvFile, keysetBatches, usdCell } from '../../lib/csv';
import { centsToUsd } from '../../lib/money';
import { pageOffset, toPage } from '../../lib/pagination';
import { addDays, parseLocalDate, startOfLocalDay } from '../../lib/time-zone';
import { planChangeOfPayment } from '../checkout/subscriptions-repository';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import {
  listPayments,
  lotExpiryOfPayment,
  type PaymentQuery,
  type PaymentWithNames,
  totalPayments,
} from './payments-repository';

/** A payment's reference for people: short, stable, and free of the provider's ids. */
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
    amount_refunded: centsToUsd(payment.amountRefunded),
    refunded_at: payment.refundedAt?.toISOString() ?? null,
    disputed_at: payment.disputedAt?.toISOString() ?? null,
    refunded_by:
      payment.refunderName ?? (payment.refundEventId ? `Payment provider (${payment.refundEventId})` : null),
    invoice:
      payment.invoiceId === null || payment.invoiceNumber === null
        ? null
        : { id: payment.invoiceId, number: payment.invoiceNumber },
    failure_reason: payment.failureReason,
    promo_code: payment.promoCode,
    discount: centsToUsd(payment.discount ?? 0),
  };
}

const CSV_HEADER = [
  'Payment ID',
  'Date',
  'Student ID',
  'Student',
  'Email',
  'Plan',
  'Kind',
  'Tokens',
  'Amount (USD)',
  'Status',
  'Refunded (USD)',
  'Refunded at',
  'Disputed at',
  'Period start',
  'Period end',
  'Reference',
  'Provider reference',
  'Invoice number',
  'Credit notes',
  'Promo code',
  'Discount (USD)',
] as const;

function toCsvRow(payment: PaymentWithNames): string[] {
  return [
    String(payment.id),
    payment.createdAt.toISOString(),
    String(payment.userId),
    payment.userName,
    payment.userEmail,
    payment.tokenTitle,
    payment.membership === 1 ? 'membership' : 'package',
    String(payment.numberToken),
    usdCell(payment.amount),
    payment.status,
    usdCell(payment.amountRefunded),
    payment.refundedAt?.toISOString() ?? '',
    payment.disputedAt?.toISOString() ?? '',
    payment.startDate?.toISOString() ?? '',
    payment.endDate?.toISOString() ?? '',
    paymentReference(payment.id),
    // What the payment provider's dashboard and statements call it, for reconciling.
    payment.providerRef,
    payment.invoiceNumber ?? '',
    payment.creditNoteNumbers ?? '',
    payment.promoCode ?? '',
    usdCell(payment.discount ?? 0),
  ];
}

export function createPaymentsService(db: Database, { settings }: { settings: SchoolSettingsSource }) {
  /** The days of the filters are the school's days: from its midnight to the midnight after `to`. */
  async function queryOf({ from, to, plan_id, user_id, ...rest }: PaymentFilters): Promise<PaymentQuery> {
    const { timeZone } = await settings.current();
    return {
      ...rest,
      planId: plan_id,
      userId: user_id,
      since: from === undefined ? undefined : startOfLocalDay(parseLocalDate(from), timeZone),
      before: to === undefined ? undefined : startOfLocalDay(addDays(parseLocalDate(to), 1), timeZone),
    };
  }

  return {
    /** Every learner's payments, newest first (SPEC.md "Admin payment list"), filtered, with totals. */
    async list(page: number, filters: PaymentFilters = {}): Promise<AdminPaymentPage> {
      const query = await queryOf(filters);
      const totals = await totalPayments(db, query);
      const rows = await listPayments(db, { ...query, offset: pageOffset(page), total: totals.count });
      const paged: Paginated<Payment> = toPage(rows.map(toPaymentDto), totals.count, page);
      return {
        ...paged,
        totals: {
          count: totals.count,
          gross: centsToUsd(totals.gross),
          refunded: centsToUsd(totals.refunded),
          net: centsToUsd(totals.gross - totals.refunded),
        },
      };
    },

    /** The same filtered payments, every one of them, for the accountant's spreadsheet. */
    async exportCsv(filters: PaymentFilters): Promise<CsvFile> {
      const query = await queryOf(filters);
      const range = [filters.from, filters.to].filter(Boolean).join('_to_');
      return {
        filename: `payments${range ? `-${range}` : ''}.csv`,
        header: CSV_HEADER,
        async *batches(signal) {
          const batches = keysetBatches(signal, (after: PaymentWithNames | undefined, limit) =>
            listPayments(db, { ...query, limit, afterId: after?.id }),
          );
          for await (const rows of batches) yield rows.map(toCsvRow);
        },
      };
    },

    /** One payment of the learner, as its receipt; another learner's payment reads as unknown. */
    async receipt(userId: number, paymentId: number): Promise<PaymentReceipt> {
      const [payment] = await listPayments(db, { offset: 0, limit: 1, userId, paymentId });
      if (!payment) throw new AppError('NOT_FOUND', MESSAGES.paymentNotFound);
      const [expiresAt, school, planChangeFrom] = await Promise.all([
        lotExpiryOfPayment(db, payment.id),
        settings.current(),
        planChangeOfPayment(db, payment.providerRef),
      ]);
      const dto = toPaymentDto(payment);
      return {
        id: dto.id,
        reference: dto.reference,
        school_name: school.schoolName,
        created_at: dto.created_at,
        plan_title: dto.token_plan.token_title,
        membership: dto.membership,
        amount: dto.amount,
        number_token: dto.number_token,
        status: dto.status,
        start_date: dto.start_date,
        end_date: dto.end_date,
        credits_expire_at: expiresAt?.toISOString() ?? null,
        amount_refunded: dto.amount_refunded,
        refunded_at: dto.refunded_at,
        disputed_at: dto.disputed_at,
        invoice: dto.invoice,
        promo_code: dto.promo_code,
        discount: dto.discount,
        plan_change_from: planChangeFrom ?? null,
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
