import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type CreditLotRow, creditLots } from '../../db/schema/credit-lots';
import { payments } from '../../db/schema/payments';

export type PaymentRow = typeof payments.$inferSelect;

/** Locked: refunds of one payment (ours and the provider's webhooks) apply one after the other. */
export async function lockPayment(tx: Database, id: number): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function findPaymentByRef(db: Database, providerRef: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerRef, providerRef));
  return row;
}

/**
 * Raises the refunded total to `total` cents. Absolute, never an increment: our refund and the
 * provider's echo of it both report the same total, so applying both, in either order, counts it once.
 */
export async function raiseAmountRefunded(
  tx: Database,
  id: number,
  update: { total: number; at: Date; by: number | null; eventId: string | null },
): Promise<PaymentRow | undefined> {
  const total = sql`least(${payments.amount}, ${update.total})`;
  const [row] = await tx
    .update(payments)
    .set({
      amountRefunded: total,
      refundedAt: update.at,
      refundedBy: update.by,
      refundEventId: update.eventId,
      status: sql`case when ${total} >= ${payments.amount} then 'refunded' else ${payments.status} end`,
    })
    .where(and(eq(payments.id, id), sql`${payments.amountRefunded} < ${total}`))
    .returning();
  return row;
}

export async function markDisputed(tx: Database, id: number, at: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ disputedAt: sql`coalesce(${payments.disputedAt}, ${at})` })
    .where(eq(payments.id, id));
}

/** The lots a payment granted (one today), locked. */
export async function lotsOfPaymentForUpdate(tx: Database, paymentId: number): Promise<CreditLotRow[]> {
  return tx
    .select()
    .from(creditLots)
    .where(eq(creditLots.paymentId, paymentId))
    .orderBy(asc(creditLots.id))
    .for('update');
}

export async function lotsOfPayment(db: Database, paymentId: number): Promise<CreditLotRow[]> {
  return db.select().from(creditLots).where(eq(creditLots.paymentId, paymentId)).orderBy(asc(creditLots.id));
}
