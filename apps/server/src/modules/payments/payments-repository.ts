import { PAGE_SIZE } from '@tokenly/contract/common';
import type { PaymentFilters } from '@tokenly/contract/payments';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { creditLots } from '../../db/schema/credit-lots';
import { invoices } from '../../db/schema/invoices';
import { paymentTotals } from '../../db/schema/payment-totals';
import { payments } from '../../db/schema/payments';
import { promoRedemptions } from '../../db/schema/promo-codes';
import { tokenPlans } from '../../db/schema/token-plans';
import { users } from '../../db/schema/users';
import { nameOrEmailMatches } from '../users/users-repository';

type PaymentRow = typeof payments.$inferSelect;
export type PaymentWithNames = PaymentRow & {
  userName: string;
  userEmail: string;
  tokenTitle: string;
  /** The administrator who refunded it last; null when nobody here did. */
  refunderName: string | null;
  /** Its invoice; null for payments from before invoices were issued. */
  invoiceId: number | null;
  invoiceNumber: string | null;
  /** The numbers of its credit notes, oldest first, space-separated; null when none. */
  creditNoteNumbers: string | null;
  /** The promo code redeemed with it, and what it took off the price (cents); null when none. */
  promoCode: string | null;
  discount: number | null;
};

const refunders = alias(users, 'refunders');

/** Which payments: the admin filters with their days turned into instants (`before` is exclusive). */
export type PaymentQuery = Pick<PaymentFilters, 'kind' | 'status' | 'student'> & {
  userId?: number;
  paymentId?: number;
  planId?: number;
  since?: Date;
  before?: Date;
};

/** The plan, kind and status filters on any table that has a payment's plan and status. */
function planAndStatusOf(
  db: Database,
  query: PaymentQuery,
  columns: {
    tokenPlanId: typeof payments.tokenPlanId | typeof paymentTotals.tokenPlanId;
    status: SQLWrapper;
  },
): SQL | undefined {
  return and(
    query.planId === undefined ? undefined : eq(columns.tokenPlanId, query.planId),
    query.kind === undefined
      ? undefined
      : inArray(
          columns.tokenPlanId,
          db.select({ id: tokenPlans.id }).from(tokenPlans).where(eq(tokenPlans.kind, query.kind)),
        ),
    query.status === undefined ? undefined : eq(columns.status, query.status),
  );
}

/**
 * The payments the filters keep, on the payments table alone (the plan and the learner as subqueries),
 * so a page's ids and the totals are chosen without joining every payment to its learner and plan.
 */
function whereOf(db: Database, query: PaymentQuery): SQL | undefined {
  return and(
    query.userId === undefined ? undefined : eq(payments.userId, query.userId),
    query.paymentId === undefined ? undefined : eq(payments.id, query.paymentId),
    query.since === undefined ? undefined : gte(payments.createdAt, query.since),
    query.before === undefined ? undefined : lt(payments.createdAt, query.before),
    planAndStatusOf(db, query, payments),
    query.student === undefined || query.student === ''
      ? undefined
      : inArray(
          payments.userId,
          db.select({ id: users.id }).from(users).where(nameOrEmailMatches(query.student)),
        ),
  );
}

/**
 * Newest first, with the learner and the plan: a page (`offset`), or the batch after the payment
 * `afterId` in that order (the CSV export reads by keyset, so its last batch costs what its first does).
 */
export async function listPayments(db: Database, options: PaymentPage): Promise<PaymentWithNames[]> {
  const rows = await paymentsQuery(db, options);
  return rows.map(({ payment, ...names }) => ({ ...payment, ...names }));
}

type PaymentPage = PaymentQuery & {
  offset?: number;
  limit?: number;
  afterId?: number;
  /** How many payments the filters keep: a page past the middle is then read from the oldest end. */
  total?: number;
};

/**
 * listPayments's statement, unsent (the query-plan tests explain it). The page's ids are chosen first,
 * from the payments index alone; only its rows are joined to their names, invoice and credit notes, so
 * a deep page no longer builds every row before it. A page in the older half walks the index from the
 * oldest payment, so the last page costs what the first does.
 */
export function paymentsQuery(
  db: Database,
  { offset = 0, limit = PAGE_SIZE, afterId, total, ...query }: PaymentPage,
) {
  const fromOldest = total !== undefined && afterId === undefined && offset * 2 > total - limit;
  const order = fromOldest
    ? [asc(payments.createdAt), asc(payments.id)]
    : [desc(payments.createdAt), desc(payments.id)];
  const page = db.$with('page').as(
    db
      .select({ id: payments.id })
      .from(payments)
      .where(and(whereOf(db, query), afterId === undefined ? undefined : olderThan(afterId)))
      .orderBy(...order)
      .offset(fromOldest ? Math.max(0, total - offset - limit) : offset)
      .limit(fromOldest ? Math.max(0, Math.min(limit, total - offset)) : limit),
  );
  return (
    db
      .with(page)
      .select({
        payment: payments,
        userName: users.name,
        userEmail: users.email,
        tokenTitle: tokenPlans.tokenTitle,
        refunderName: refunders.name,
        invoiceId: invoices.id,
        invoiceNumber: invoices.number,
        creditNoteNumbers: sql<string | null>`(
        select string_agg(credit_notes.number, ' ' order by credit_notes.id) from ${invoices} credit_notes
        where credit_notes.payment_id = ${payments.id} and credit_notes.kind = 'credit_note'
      )`,
        promoCode: promoRedemptions.code,
        discount: promoRedemptions.discount,
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .innerJoin(tokenPlans, eq(tokenPlans.id, payments.tokenPlanId))
      .leftJoin(refunders, eq(refunders.id, payments.refundedBy))
      .leftJoin(invoices, and(eq(invoices.paymentId, payments.id), eq(invoices.kind, 'invoice')))
      .leftJoin(promoRedemptions, eq(promoRedemptions.paymentId, payments.id))
      // `= any(array(…))`: the page's ids are looked up one by one in the primary key, never by a scan.
      .where(sql`${payments.id} = any(array(${db.select({ id: page.id }).from(page)}))`)
      .orderBy(desc(payments.createdAt), desc(payments.id))
  );
}

/**
 * Payments after `id` in the newest-first order. Its instant is read in the database: a JavaScript Date
 * drops the microseconds, and a keyset on the rounded instant would skip or repeat payments.
 */
const olderThan = (id: number) =>
  sql`(${payments.createdAt}, ${payments.id}) < (select keyset.created_at, keyset.id from ${payments} keyset where keyset.id = ${id})`;

/**
 * Whether the hourly totals answer for these filters: the payments' own plan and status, and days that
 * start on the hour (every time zone but the few a half or quarter hour off UTC).
 */
function hourlyTotalsServe(query: PaymentQuery): boolean {
  const onTheHour = (instant?: Date) => instant === undefined || instant.getTime() % 3_600_000 === 0;
  return (
    query.userId === undefined &&
    query.paymentId === undefined &&
    (query.student === undefined || query.student === '') &&
    onTheHour(query.since) &&
    onTheHour(query.before)
  );
}

/** How many payments match, and the money they moved, in cents. */
export async function totalPayments(
  db: Database,
  query: PaymentQuery,
): Promise<{ count: number; gross: number; refunded: number }> {
  // bigint: a school's takings pass int4's 21 million dollars long before any one payment could.
  const cents = (figure: SQL) => sql<number>`coalesce(${figure}, 0)::bigint`.mapWith(Number);
  const [row] = hourlyTotalsServe(query)
    ? await db
        .select({
          count: sql<number>`coalesce(sum(${paymentTotals.count}), 0)::int`,
          gross: cents(sql`sum(${paymentTotals.gross})`),
          refunded: cents(sql`sum(${paymentTotals.refunded})`),
        })
        .from(paymentTotals)
        .where(
          and(
            query.since === undefined ? undefined : gte(paymentTotals.hour, query.since),
            query.before === undefined ? undefined : lt(paymentTotals.hour, query.before),
            planAndStatusOf(db, query, paymentTotals),
          ),
        )
    : await db
        .select({
          count: sql<number>`count(*)::int`,
          gross: cents(
            sql`sum(${payments.amount}) filter (where ${payments.status} in ('succeeded', 'refunded'))`,
          ),
          // What actually went back, partial refunds included.
          refunded: cents(sql`sum(${payments.amountRefunded})`),
        })
        .from(payments)
        .where(whereOf(db, query));
  return row ?? { count: 0, gross: 0, refunded: 0 };
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
