import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { rawRows } from '../../db/raw-rows';
import { bookings } from '../../db/schema/bookings';
import { creditLedger } from '../../db/schema/credit-ledger';
import { type CreditLotRow, creditLots } from '../../db/schema/credit-lots';
import { payments } from '../../db/schema/payments';
import { schedules } from '../../db/schema/schedules';
import { tokenPlans } from '../../db/schema/token-plans';
import { users } from '../../db/schema/users';

export type LedgerRow = typeof creditLedger.$inferSelect;
export type NewLedgerRow = typeof creditLedger.$inferInsert;
export type NewLot = typeof creditLots.$inferInsert;

/**
 * Serialises every credit movement of one learner: concurrent bookings of the same learner queue here
 * instead of both reading the same balance (a no-op on PGlite, whose single connection already queues).
 * NO KEY UPDATE, not UPDATE: inserting a booking already holds KEY SHARE on the user row (its foreign
 * key), and two such transactions upgrading to UPDATE would deadlock each other.
 */
export async function lockUserCredits(tx: Database, userId: number): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return rows.length > 0;
}

/** The lots whose credits can be spent at `now`: unexpired, with credits left (DESIGN.md section 4). */
export const spendableAt = (now: Date | Placeholder) =>
  and(gt(creditLots.expiresAt, now), gt(creditLots.creditsRemaining, 0));

/** Unexpired lots with credits left, the one expiring first first (DESIGN.md section 4). */
export async function usableLots(tx: Database, userId: number, now: Date): Promise<CreditLotRow[]> {
  return tx
    .select()
    .from(creditLots)
    .where(and(eq(creditLots.userId, userId), spendableAt(now)))
    .orderBy(asc(creditLots.expiresAt), asc(creditLots.id));
}

/** What a withdrawal's steps found and did; the caller compares them with what it asked for. */
export type Drawn = { available: number; planned: number; changed: number };

/**
 * A withdrawal as the steps of one statement (it was four round trips: the learner's lock, the
 * lots read, one update per lot, the ledger insert), for drawCredits and for book-class's single
 * statement. In order: the learner's row is locked (the subquery is evaluated before the lots are
 * scanned, so the lock order stays the learner's credits, then their lots), their lots with credits are
 * read and locked, expiring first first; expired ones are zeroed with an 'expiry' row each, and `credits`
 * are drawn from the others in that order, one ledger row per lot touched. Nothing is written when the
 * unexpired lots hold fewer than `credits`: the caller throws then (checkDrawn; book-class's statement
 * refuses itself, refusedUnlessDrawn). Each lot update keeps its guard (never below zero, never above the
 * total), so `changed` below `planned` means a stale read, and the caller throws too. `credits` and the ledger's
 * `bookingId` may be SQL reading an earlier step; `when` holds the whole withdrawal back unless it is true.
 */
export function withdrawalSteps(
  input: { userId: number | Placeholder; credits: SQL | number; now: Date | Placeholder; when?: SQL },
  ledger: Pick<NewLedgerRow, 'reason' | 'note' | 'actorId'> & { bookingId?: SQL | number | null },
): SQL {
  const credits = sql`${input.credits}::int`;
  return sql`learner as (
      select id from ${users} where id = ${input.userId} ${input.when ? sql`and ${input.when}` : sql``}
      for no key update
    ), held as (
      select id, credits_remaining, expires_at, expires_at <= ${input.now} as expired
      from ${creditLots}
      where user_id = (select id from learner) and credits_remaining > 0
      order by expires_at, id
      for update
    ), plan as (
      select id, expired, expires_at,
        case when expired then credits_remaining
             else least(credits_remaining, greatest(0, ${credits} - (
               sum(case when expired then 0 else credits_remaining end)
                 over (order by expires_at, id rows unbounded preceding) - credits_remaining)))
        end as take,
        sum(case when expired then 0 else credits_remaining end) over () as available
      from held
    ), changed as (
      update ${creditLots} as lot set credits_remaining = lot.credits_remaining - plan.take
      from plan
      where lot.id = plan.id and plan.take > 0 and plan.available >= ${credits}
        and lot.credits_remaining - plan.take between 0 and lot.credits_total
      returning lot.id, plan.take, plan.expired, plan.expires_at
    ), written as (
      insert into ${creditLedger} (user_id, delta, reason, booking_id, note, actor_id, lot_id)
      select ${input.userId}::int, -take,
        case when expired then 'expiry' else ${ledger.reason ?? null}::text end,
        case when expired then null else ${ledger.bookingId ?? null}::int end,
        case when expired then null else ${ledger.note ?? null}::text end,
        case when expired then null else ${ledger.actorId ?? null}::int end,
        id
      from changed
      -- The rows in the order the four statements wrote them: expiries first, then the draw. changed.id,
      -- as a CASE ending in a subquery (bookingId) takes that subquery's column name, id.
      order by expired desc, expires_at, changed.id
      returning id
    )`;
}

/** The select list of a statement ending in withdrawalSteps: its Drawn figures. */
const drawnFigures = sql`coalesce((select max(available) from plan), 0)::int as available,
      (select count(*) from plan where take > 0)::int as planned,
      (select count(*) from changed)::int as changed`;

/**
 * For a statement ending in withdrawalSteps that runs without a transaction (book-class): null when the
 * withdrawal took all `credits`, else the `refuse` function's error, which undoes the whole statement.
 * The same two checks as checkDrawn's: too few unexpired credits, or a lot changed under its guard.
 */
export const refusedUnlessDrawn = (credits: SQL, reason: string) =>
  sql`case when coalesce((select max(available) from plan), 0) < ${credits}
      or (select count(*) from plan where take > 0) <> (select count(*) from changed)
    then refuse(${reason}) end`;

/** A withdrawal in one round trip: withdrawalSteps on their own. */
export async function drawCredits(
  tx: Database,
  input: { userId: number; credits: number; now: Date },
  ledger: Pick<NewLedgerRow, 'reason' | 'bookingId' | 'note' | 'actorId'>,
): Promise<Drawn> {
  const [row] = await rawRows<Drawn>(tx, sql`with ${withdrawalSteps(input, ledger)} select ${drawnFigures}`);
  return row ?? { available: 0, planned: 0, changed: 0 };
}

export async function expiredLotsWithCredits(
  tx: Database,
  now: Date,
  userId?: number,
): Promise<CreditLotRow[]> {
  return tx
    .select()
    .from(creditLots)
    .where(
      and(
        lte(creditLots.expiresAt, now),
        gt(creditLots.creditsRemaining, 0),
        userId === undefined ? undefined : eq(creditLots.userId, userId),
      ),
    )
    .for('update');
}

export async function insertLot(tx: Database, values: NewLot): Promise<CreditLotRow> {
  const [lot] = await tx.insert(creditLots).values(values).returning();
  if (!lot) throw new Error('insert into credit_lots returned no row');
  return lot;
}

/**
 * Moves `delta` credits in or out of a lot. Conditional, so it never takes a lot below zero or above
 * its total even if a caller's read was stale; false when the condition failed.
 */
export async function changeLotRemaining(tx: Database, lotId: number, delta: number): Promise<boolean> {
  const rows = await tx
    .update(creditLots)
    .set({ creditsRemaining: sql`${creditLots.creditsRemaining} + ${delta}` })
    .where(
      and(
        eq(creditLots.id, lotId),
        sql`${creditLots.creditsRemaining} + ${delta} between 0 and ${creditLots.creditsTotal}`,
      ),
    )
    .returning({ id: creditLots.id });
  return rows.length === 1;
}

/** Whether a payment's money went back whole: refunded in full, or taken back by the cardholder's bank. */
export async function isPaidBack(tx: Database, paymentId: number): Promise<boolean> {
  const [row] = await tx
    .select({
      paidBack: sql<boolean>`${payments.amountRefunded} >= ${payments.amount} or ${payments.disputedAt} is not null`,
    })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row?.paidBack ?? true;
}

export async function findLot(tx: Database, lotId: number): Promise<CreditLotRow | undefined> {
  const [lot] = await tx.select().from(creditLots).where(eq(creditLots.id, lotId)).limit(1);
  return lot;
}

export async function insertLedgerRows(tx: Database, rows: NewLedgerRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(creditLedger).values(rows);
}

/** Net credits a booking still holds per lot: its booking rows minus refunds and waivers already made. */
export async function bookingHoldings(
  tx: Database,
  bookingId: number,
): Promise<{ lotId: number; credits: number }[]> {
  const rows = await tx
    // Named, so the bench's pgbench twin can store the row (`\gset`).
    .select({ lotId: creditLedger.lotId, net: sql<number>`-sum(${creditLedger.delta})::int`.as('credits') })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.bookingId, bookingId),
        sql`${creditLedger.reason} in ('booking', 'refund', 'waiver', 'transfer')`,
        sql`${creditLedger.lotId} is not null`,
      ),
    )
    .groupBy(creditLedger.lotId)
    .orderBy(asc(creditLedger.lotId));
  // Refunds that opened a new lot carry the booking id too; they net against nothing the booking took.
  return rows.flatMap((row) =>
    row.lotId !== null && row.net > 0 ? [{ lotId: row.lotId, credits: row.net }] : [],
  );
}

export async function sumUsable(db: Database, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${creditLots.creditsRemaining}), 0)::int` })
    .from(creditLots)
    .where(and(eq(creditLots.userId, userId), gt(creditLots.expiresAt, now)));
  return row?.total ?? 0;
}

/** A ledger row with what it was about: the class of its booking, the plan of its payment. */
export type LedgerRowWithSubject = {
  row: LedgerRow;
  classTitle: string | null;
  classTime: Date | null;
  planTitle: string | null;
};

/** A learner's movements as histories show them: transfer pairs net to zero and mean nothing to a reader. */
const shownMovements = (userId: number | Placeholder) =>
  and(eq(creditLedger.userId, userId), sql`${creditLedger.reason} <> 'transfer'`);

/**
 * A learner's movements, newest first: the admin's learner page and the learner's own history. Prepared
 * once per database: planning its four joins took PostgreSQL three times as long as running it.
 */
const ledgerPageOf = preparedPer((db) =>
  db
    .select({
      row: creditLedger,
      classTitle: schedules.title,
      classTime: schedules.startsAt,
      planTitle: tokenPlans.tokenTitle,
    })
    .from(creditLedger)
    .leftJoin(bookings, eq(bookings.id, creditLedger.bookingId))
    .leftJoin(schedules, eq(schedules.id, bookings.scheduleId))
    .leftJoin(payments, eq(payments.id, creditLedger.paymentId))
    .leftJoin(tokenPlans, eq(tokenPlans.id, payments.tokenPlanId))
    .where(shownMovements(sql.placeholder('userId')))
    .orderBy(desc(creditLedger.id))
    .offset(sql.placeholder('offset'))
    .limit(sql.placeholder('limit'))
    .prepare('ledger_page_of'),
);

export function pageLedger(
  db: Database,
  userId: number,
  page: { offset: number; limit: number },
): Promise<LedgerRowWithSubject[]> {
  return ledgerPageOf(db).execute({ userId, ...page });
}

export async function countLedger(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(creditLedger).where(shownMovements(userId));
  return row?.total ?? 0;
}

/** The plan and billing period of the payments lots came from, by payment id. */
export async function lotPayments(
  db: Database,
  paymentIds: number[],
): Promise<{ id: number; planTitle: string; startDate: Date | null; endDate: Date | null }[]> {
  if (paymentIds.length === 0) return [];
  return db
    .select({
      id: payments.id,
      planTitle: tokenPlans.tokenTitle,
      startDate: payments.startDate,
      endDate: payments.endDate,
    })
    .from(payments)
    .innerJoin(tokenPlans, eq(tokenPlans.id, payments.tokenPlanId))
    .where(inArray(payments.id, paymentIds));
}

/** Lots whose remaining credits differ from the sum of their ledger rows; empty when consistent. */
export async function lotsNotMatchingLedger(
  db: Database,
  userId: number,
): Promise<{ lotId: number; remaining: number; ledger: number }[]> {
  const ledgerSum = sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int`;
  return db
    .select({ lotId: creditLots.id, remaining: creditLots.creditsRemaining, ledger: ledgerSum })
    .from(creditLots)
    .leftJoin(creditLedger, eq(creditLedger.lotId, creditLots.id))
    .where(eq(creditLots.userId, userId))
    .groupBy(creditLots.id, creditLots.creditsRemaining)
    .having(sql`${creditLots.creditsRemaining} <> ${ledgerSum}`);
}

export async function userExists(db: Database, userId: number): Promise<{ role: string } | undefined> {
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

/** Marks the lot's payment as paid back; false when it already was. */
export async function markLotClawedBack(tx: Database, lotId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(creditLots)
    .set({ clawedBackAt: at })
    .where(and(eq(creditLots.id, lotId), sql`${creditLots.clawedBackAt} is null`))
    .returning({ id: creditLots.id });
  return rows.length === 1;
}

/**
 * A learner's lots bought by a membership's payments whose credits can still roll over at `now`
 * (unexpired, left, not clawed back), expiring first first, locked for the move.
 */
export function lotsOfSubscriptionToRoll(
  tx: Database,
  userId: number,
  subscriptionId: number,
  now: Date,
): Promise<CreditLotRow[]> {
  return tx
    .select()
    .from(creditLots)
    .where(
      and(
        eq(creditLots.userId, userId),
        inArray(
          creditLots.paymentId,
          tx.select({ id: payments.id }).from(payments).where(eq(payments.subscriptionId, subscriptionId)),
        ),
        spendableAt(now),
        isNull(creditLots.clawedBackAt),
      ),
    )
    .orderBy(asc(creditLots.expiresAt), asc(creditLots.id))
    .for('update');
}

/** The lots a payment's credits rolled into: the same credits again, not more of what it bought. */
export async function rolledLotIds(db: Database, paymentId: number): Promise<Set<number>> {
  const rows = await db
    .select({ lotId: creditLedger.lotId })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.paymentId, paymentId),
        eq(creditLedger.reason, 'rollover'),
        gt(creditLedger.delta, 0),
      ),
    );
  return new Set(rows.flatMap((row) => (row.lotId === null ? [] : [row.lotId])));
}
