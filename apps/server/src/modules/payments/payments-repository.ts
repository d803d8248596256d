import { PAGE_SIZE } from '@tokenly/contract/common';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { creditLots } from '../../db/schema/credit-lots';
import { payments } from '../../db/schema/payments';
import { tokenPlans } from '../../db/schema/token-plans';
import { users } from '../../db/schema/users';

type PaymentRow = typeof payments.$inferSelect;
export type PaymentWithNames = PaymentRow & { userName: string; tokenTitle: string };

/** Newest first; one learner's only when userId is given, one payment when paymentId is. */
export async function listPayments(
  db: Database,
  {
    offset,
    limit = PAGE_SIZE,
    userId,
    paymentId,
  }: { offset: number; limit?: number; userId?: number; paymentId?: number },
): Promise<PaymentWithNames[]> {
  const rows = await db
    .select({ payment: payments, userName: users.name, tokenTitle: tokenPlans.tokenTitle })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(tokenPlans, eq(tokenPlans.id, payments.tokenPlanId))
    .where(
      and(
        userId === undefined ? undefined : eq(payments.userId, userId),
        paymentId === undefined ? undefined : eq(payments.id, paymentId),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ payment, userName, tokenTitle }) => ({ ...payment, userName, tokenTitle }));
}

export function countPayments(db: Database, userId?: number): Promise<number> {
  return db.$count(payments, userId === undefined ? undefined : eq(payments.userId, userId));
}

/** When the credits a payment granted expire (one lot per payment); undefined when it granted none. */
export async function lotExpiryOfPayment(db: Database, paymentId: number): Promise<Date | undefined> {
  const [lot] = await db
    .select({ expiresAt: creditLots.expiresAt })
    .from(creditLots)
    .where(eq(creditLots.paymentId, paymentId))
    .orderBy(asc(creditLots.id))
    .limit(1);
  return lot?.expiresAt;
}
