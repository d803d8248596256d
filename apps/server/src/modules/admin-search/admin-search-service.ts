import { ADMIN_SEARCH_LIMIT, type AdminSearchResult } from '@tokenly/contract/users';
import type { Database } from '../../db/client';
import { listPayments } from '../payments/payments-repository';
import { toPaymentDto } from '../payments/payments-service';
import { findClassesMatching, learnersMatchingQuery } from '../users/users-repository';

/** A payment's own number, as the payment list and receipts show it (typed with or without a #). */
const PAYMENT_ID = /^#?(\d{1,9})$/;

/** The top bar's search, a few learners, classes and payments for what was typed. */
export function createAdminSearchService(db: Database) {
  return {
    async search(text: string): Promise<AdminSearchResult> {
      const paymentId = PAYMENT_ID.exec(text)?.[1];
      const [students, classes, byStudent, byId] = await Promise.all([
        learnersMatchingQuery(db, text, ADMIN_SEARCH_LIMIT),
        findClassesMatching(db, text, ADMIN_SEARCH_LIMIT),
        listPayments(db, { student: text, limit: ADMIN_SEARCH_LIMIT }),
        paymentId === undefined ? [] : listPayments(db, { paymentId: Number(paymentId), limit: 1 }),
      ]);
      return {
        students,
        classes: classes.map((row) => ({
          id: row.id,
          title: row.title,
          course_title: row.courseTitle,
          schedule_time: row.startsAt.toISOString(),
          status: row.status,
        })),
        // A number can find a payment both by itself and through an email that holds it: once each.
        payments: [...new Map([...byId, ...byStudent].map((payment) => [payment.id, payment])).values()]
          .slice(0, ADMIN_SEARCH_LIMIT)
          .map(toPaymentDto),
      };
    },
  };
}

export type AdminSearchService = ReturnType<typeof createAdminSearchService>;
