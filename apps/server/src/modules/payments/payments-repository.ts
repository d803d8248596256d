import { PAGE_SIZE } from '@tokenly/contract/common';
import type { PaymentFilters } from '@tokenly/contract/payments';
import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { creditLots } from '../../db/schema/credit-lots';
import { invoices } from '../../db/schema/invoices';
import { paymentTotals, paymentTotalsDaily } from '../../db/schema/payment-totals';
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
    tokenPlanId:
      | typeof payments.tokenPlanId
      | typeof paymentTotals.tokenPlanId
      | typeof paymentTotalsDaily.tokenPlanId;
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

/** A row of paymentRowsQuery as the payment with its names beside its own columns. */
const withNames = <Names>(rows: ({ payment: PaymentRow } & Names)[]) =>
  rows.map(({ payment, ...names }) => ({ ...payment, ...names }));

/**
 * Newest first, with the learner and the plan: a page (`offset`), or the batch after the payment
 * `afterId` in that order (the CSV export reads by keyset, so its last batch costs what its first does).
 */
export async function listPayments(db: Database, options: PaymentPage): Promise<PaymentWithNames[]> {
  const ids = (await paymentIdsQuery(db, options)).map((row) => row.id);
  if (ids.length === 0) return [];
  return withNames(await paymentRowsAmong(db).execute({ ids }));
}

type PaymentPage = PaymentQuery & {
  offset?: number;
  limit?: number;
  afterId?: number;
  /** How many payments the filters keep: a page past the middle is then read from the oldest end. */
  total?: number;
};

/**
 * The ids of listPayments's page, unsent (the query-plan tests explain it), chosen from the payments
 * index alone, so a deep page builds only its own rows. A page in the older half walks the index from
 * the oldest payment, so the last page costs what the first does.
 */
export function paymentIdsQuery(
  db: Database,
  { offset = 0, limit = PAGE_SIZE, afterId, total, ...query }: PaymentPage,
) {
  const fromOldest = total !== undefined && afterId === undefined && offset * 2 > total - limit;
  const order = fromOldest
    ? [asc(payments.createdAt), asc(payments.id)]
    : [desc(payments.createdAt), desc(payments.id)];
  return db
    .select({ id: payments.id })
    .from(payments)
    .where(and(whereOf(db, query), afterId === undefined ? undefined : olderThan(afterId)))
    .orderBy(...order)
    .offset(fromOldest ? Math.max(0, total - offset - limit) : offset)
    .limit(fromOldest ? Math.max(0, Math.min(limit, total - offset)) : limit);
}

/** One column of the row a payment names, or null: a lookup PostgreSQL plans on its own. */
const lookup = <T>(column: AnyPgColumn, table: PgTable, where: SQL) =>
  sql<T | null>`(select ${column} from ${table} where ${where})`;

/**
 * The payments `where` keeps, newest first, with their learner, plan, refunder, invoice, credit notes and
 * promo code, unsent (the query-plan tests explain the plans PostgreSQL keeps for it). All but the learner
 * are lookups of their own rather than joins: a lookup is planned alone, where six joined tables cost a
 * search over their join orders.
 */
export function paymentRowsQuery(db: Database, where: SQL) {
  const invoice = sql`${eq(invoices.paymentId, payments.id)} and ${eq(invoices.kind, 'invoice')}`;
  const promo = eq(promoRedemptions.paymentId, payments.id);
  return (
    db
      .select({
        payment: payments,
        userName: users.name,
        userEmail: users.email,
        tokenTitle: lookup<string>(
          tokenPlans.tokenTitle,
          tokenPlans,
          eq(tokenPlans.id, payments.tokenPlanId),
        ).mapWith(String),
        refunderName: lookup<string>(users.name, users, eq(users.id, payments.refundedBy)),
        invoiceId: lookup<number>(invoices.id, invoices, invoice),
        invoiceNumber: lookup<string>(invoices.number, invoices, invoice),
        creditNoteNumbers: sql<string | null>`(
        select string_agg(credit_notes.number, ' ' order by credit_notes.id) from ${invoices} credit_notes
        where credit_notes.payment_id = ${payments.id} and credit_notes.kind = 'credit_note'
      )`,
        promoCode: lookup<string>(promoRedemptions.code, promoRedemptions, promo),
        discount: lookup<number>(promoRedemptions.discount, promoRedemptions, promo),
      })
      .from(payments)
      // The one join: it also has Drizzle name each column with its table, which the lookups need.
      .innerJoin(users, eq(users.id, payments.userId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
  );
}

// `= any(…)`: the page's ids are looked up one by one in the primary key, never by a scan. PostgreSQL
// prices its kept plan for ten ids, so it plans afresh for a handful (planning is most of such a run).
export const amongIds = sql`${payments.id} = any(${sql.placeholder('ids')})`;

// Prepared once per database: Drizzle builds it once, PostgreSQL parses it once per connection.
const paymentRowsAmong = preparedPer((db) => paymentRowsQuery(db, amongIds).prepare('payment_rows_among'));

/**
 * A page of one learner's payments in one statement, unsent (the query-plan tests explain it): the
 * learner's payment list, the administrator's page of the learner. PostgreSQL keeps its plan, which
 * costs no more than a fresh one. Its OFFSET skips whole rows, lookups and all, where the payment list
 * chooses ids first: a learner has a few pages of payments, not thousands.
 */
export const learnerPaymentRowsQuery = (db: Database) =>
  paymentRowsQuery(db, eq(payments.userId, sql.placeholder('userId')))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
const paymentRowsOfLearner = preparedPer((db) =>
  learnerPaymentRowsQuery(db).prepare('payment_rows_of_learner'),
);

/** A learner's payments, newest first, with their names: a page of the learner's own list, or the latest. */
export async function listPaymentsOfLearner(
  db: Database,
  userId: number,
  { offset = 0, limit = PAGE_SIZE }: { offset?: number; limit?: number },
): Promise<PaymentWithNames[]> {
  return withNames(await paymentRowsOfLearner(db).execute({ userId, limit, offset }));
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
  const onTheHour = (instant?: Date) => instant === undefined || instant.getTime() % HOUR_MS === 0;
  return (
    query.userId === undefined &&
    query.paymentId === undefined &&
    (query.student === undefined || query.student === '') &&
    onTheHour(query.since) &&
    onTheHour(query.before)
  );
}

type Totals = { count: number; gross: number; refunded: number };

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The whole UTC days inside [since, before) (either end open), and the hours at either end outside
 * them; a range within one day is hours alone.
 */
function daysAndHours(since?: Date, before?: Date) {
  const firstDay = since && new Date(Math.ceil(since.getTime() / DAY_MS) * DAY_MS);
  const endDay = before && new Date(Math.floor(before.getTime() / DAY_MS) * DAY_MS);
  if (since && before && firstDay && endDay && firstDay >= endDay) {
    return { days: undefined, hours: [{ from: since, to: before }] };
  }
  const hours = [
    since && firstDay && since < firstDay ? { from: since, to: firstDay } : undefined,
    before && endDay && endDay < before ? { from: endDay, to: before } : undefined,
  ].filter((range) => range !== undefined);
  return { days: { from: firstDay, to: endDay }, hours };
}

/** How many payments match, and the money they moved, in cents. */
export async function totalPayments(db: Database, query: PaymentQuery): Promise<Totals> {
  if (!hourlyTotalsServe(query)) return sumPayments(db, query);
  // Whole days from the daily rows, the hours at the range's ends from the hourly ones: a range of years
  // reads a row a day, not one an hour.
  const { days, hours } = daysAndHours(query.since, query.before);
  const parts = await Promise.all([
    days &&
      sumTotals(
        db,
        paymentTotalsDaily,
        and(
          days.from && gte(paymentTotalsDaily.day, days.from),
          days.to && lt(paymentTotalsDaily.day, days.to),
          planAndStatusOf(db, query, paymentTotalsDaily),
        ),
      ),
    hours.length > 0 &&
      sumTotals(
        db,
        paymentTotals,
        and(
          or(...hours.map(({ from, to }) => and(gte(paymentTotals.hour, from), lt(paymentTotals.hour, to)))),
          planAndStatusOf(db, query, paymentTotals),
        ),
      ),
  ]);
  return parts.reduce<Totals>(
    (sum, part) =>
      part
        ? {
            count: sum.count + part.count,
            gross: sum.gross + part.gross,
            refunded: sum.refunded + part.refunded,
          }
        : sum,
    { count: 0, gross: 0, refunded: 0 },
  );
}

// bigint: a school's takings pass int4's 21 million dollars long before any one payment could.
const cents = (figure: SQL) => sql<number>`coalesce(${figure}, 0)::bigint`.mapWith(Number);

/** The sums of kept totals rows, hourly or daily. */
async function sumTotals(
  db: Database,
  table: typeof paymentTotals | typeof paymentTotalsDaily,
  where: SQL | undefined,
): Promise<Totals> {
  const [row] = await db
    .select({
      count: sql<number>`coalesce(sum(${table.count}), 0)::int`,
      gross: cents(sql`sum(${table.gross})`),
      refunded: cents(sql`sum(${table.refunded})`),
    })
    .from(table)
    .where(where);
  return row ?? { count: 0, gross: 0, refunded: 0 };
}

/** The sums over the payments themselves, for the filters the kept totals cannot answer. */
async function sumPayments(db: Database, query: PaymentQuery): Promise<Totals> {
  const [row] = await db
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
