import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingDetails, type InvoiceRow, invoiceCounters, invoices } from '../../db/schema/invoices';
import { users } from '../../db/schema/users';

type Series = (typeof invoiceCounters.$inferSelect)['series'];
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'number' | 'year' | 'sequence'>;

/**
 * The next number of the series in that year. The upsert takes the counter row's lock (as SELECT ... FOR
 * UPDATE would) until the caller's transaction ends, so concurrent payments are numbered one after the
 * other, and a transaction that rolls back gives its number back: the series stays gapless.
 */
export async function nextSequence(tx: Database, series: Series, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.year],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!row) throw new Error('the invoice counter returned no row');
  return row.lastNumber;
}

export async function insertInvoice(
  tx: Database,
  values: NewInvoice & { number: string; year: number; sequence: number },
): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  if (!row) throw new Error('insert into invoices returned no row');
  return row;
}

/** One invoice or credit note; only the learner's own when `userId` is given. */
export async function findInvoice(
  db: Database,
  id: number,
  userId?: number,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), userId === undefined ? undefined : eq(invoices.userId, userId)));
  return row;
}

export async function findInvoiceOfPayment(db: Database, paymentId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'invoice')));
  return row;
}

export function creditNotesOf(db: Database, invoiceId: number) {
  return db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.creditOf, invoiceId))
    .orderBy(asc(invoices.id));
}

/** What the credit notes of an invoice took back so far, in cents: their totals and their VAT. */
export async function creditedSoFar(
  db: Database,
  invoiceId: number,
): Promise<{ total: number; vat: number }> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${invoices.total}), 0)::int`,
      vat: sql<number>`coalesce(sum(${invoices.vatAmount}), 0)::int`,
    })
    .from(invoices)
    .where(eq(invoices.creditOf, invoiceId));
  return { total: Number(row?.total ?? 0), vat: Number(row?.vat ?? 0) };
}

export async function findInvoiceNumber(db: Database, id: number): Promise<string | undefined> {
  const [row] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, id));
  return row?.number;
}

/** The account's name, email and country, the buyer's defaults where billing details leave them out. */
export async function findBuyer(db: Database, userId: number) {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      country: users.country,
      billing: billingDetails,
    })
    .from(users)
    .leftJoin(billingDetails, eq(billingDetails.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function findBillingDetails(db: Database, userId: number) {
  const [row] = await db.select().from(billingDetails).where(eq(billingDetails.userId, userId));
  return row;
}

export async function saveBillingDetails(
  db: Database,
  values: Omit<typeof billingDetails.$inferInsert, 'updatedAt'> & { updatedAt: Date },
) {
  const { userId: _userId, ...set } = values;
  const [row] = await db
    .insert(billingDetails)
    .values(values)
    .onConflictDoUpdate({ target: billingDetails.userId, set })
    .returning();
  if (!row) throw new Error('upsert into billing_details returned no row');
  return row;
}
