import type { Paginated } from '@tokenly/contract/common';
import { PAGE_SIZE } from '@tokenly/contract/common';
import type {
  AdminUserCredits,
  CreditSummary,
  LedgerRow as LedgerDto,
  UserCredits,
} from '@tokenly/contract/credits';
import { ADMIN_LEDGER_LIMIT } from '@tokenly/contract/credits';
import { MESSAGES } from '@tokenly/contract/messages';
import type { Database } from '../../db/client';
import type { CreditLotRow } from '../../db/schema/credit-lots';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { pageOffset, toPage } from '../../lib/pagination';
import {
  bookingHoldings,
  changeLotRemaining,
  countLedger,
  type Drawn,
  drawCredits,
  expiredLotsWithCredits,
  findLot,
  insertLedgerRows,
  insertLot,
  isPaidBack,
  type LedgerRowWithSubject,
  lockUserCredits,
  lotPayments,
  lotsNotMatchingLedger,
  markLotClawedBack,
  type NewLedgerRow,
  pageLedger,
  sumUsable,
  usableLots,
  userExists,
} from './credit-repository';

// Credits change only here, inside the caller's transaction, and every change is a ledger row next to
// the lot it touched, so `checkLotsMatchLedger` holds after any sequence (DESIGN.md section 4).

const DAY_MS = 24 * 60 * 60 * 1000;
/** A refund whose lot expired meanwhile comes back as a new lot valid this long. */
export const REFUND_LOT_VALID_DAYS = 7;
/** Credits an admin grants stay usable this long, like the shortest token package. */
export const ADMIN_GRANT_VALID_DAYS = 90;

type LotSource = CreditLotRow['source'];
type LedgerReason = NonNullable<NewLedgerRow['reason']>;

export type GrantInput = {
  userId: number;
  credits: number;
  expiresAt: Date;
  source: LotSource;
  reason: Extract<
    LedgerReason,
    'purchase' | 'subscription' | 'grant' | 'refund' | 'adjustment' | 'waiver' | 'referral' | 'gift'
  >;
  paymentId?: number | null;
  bookingId?: number | null;
  note?: string | null;
  actorId?: number | null;
};

/** Adds a new lot and its ledger row; returns the lot. */
export async function grantCredits(tx: Database, input: GrantInput): Promise<CreditLotRow> {
  if (!Number.isInteger(input.credits) || input.credits <= 0) {
    throw new Error(`grantCredits needs a positive whole number of credits, got ${input.credits}`);
  }
  const lot = await insertLot(tx, {
    userId: input.userId,
    creditsTotal: input.credits,
    creditsRemaining: input.credits,
    expiresAt: input.expiresAt,
    source: input.source,
    paymentId: input.paymentId ?? null,
  });
  await insertLedgerRows(tx, [
    {
      userId: input.userId,
      delta: input.credits,
      reason: input.reason,
      lotId: lot.id,
      paymentId: input.paymentId ?? null,
      bookingId: input.bookingId ?? null,
      note: input.note ?? null,
      actorId: input.actorId ?? null,
    },
  ]);
  return lot;
}

/**
 * Takes credits from the lots expiring first, spanning lots when needed; one ledger row per lot, so a
 * refund knows where they came from. Throws (rolling the caller's transaction back) when short.
 */
async function takeCredits(
  tx: Database,
  input: {
    userId: number;
    credits: number;
    now: Date;
    shortMessage: string;
    short: 'CONFLICT' | 'VALIDATION';
  },
  ledger: Pick<NewLedgerRow, 'reason' | 'bookingId' | 'note' | 'actorId'>,
): Promise<void> {
  checkDrawn(await drawCredits(tx, input, ledger), input);
}

/** Throws, so the caller's transaction rolls back, unless the withdrawal took all it was asked for. */
function checkDrawn(
  drawn: Drawn,
  input: { credits: number; shortMessage: string; short: 'CONFLICT' | 'VALIDATION' },
): void {
  if (drawn.available < input.credits) {
    throw new AppError(
      input.short,
      input.shortMessage,
      input.short === 'VALIDATION' ? { delta: [input.shortMessage] } : undefined,
    );
  }
  // A lot changed between the read and its update (its guard failed): the transaction rolls back.
  if (drawn.changed !== drawn.planned) throw new AppError('CONFLICT', input.shortMessage);
}

export async function consumeCredits(
  tx: Database,
  input: { userId: number; credits: number; bookingId: number; now: Date },
): Promise<void> {
  await takeCredits(
    tx,
    {
      userId: input.userId,
      credits: input.credits,
      now: input.now,
      shortMessage: MESSAGES.noCredit,
      short: 'CONFLICT',
    },
    { reason: 'booking', bookingId: input.bookingId },
  );
}

/**
 * Whether the learner can pay `credits` now, with their credits locked until the caller's transaction
 * ends, so a consumeCredits that follows cannot come up short (a waitlist promotion checks each learner
 * in line this way rather than letting a short one roll the whole transaction back).
 */
export async function hasCredits(tx: Database, userId: number, credits: number, now: Date): Promise<boolean> {
  await lockUserCredits(tx, userId);
  return (await sumUsable(tx, userId, now)) >= credits;
}

/**
 * Why a booking's credits go back: a cancel in time (`refund`), or an administrator's waiver of a late
 * cancel or a no-show, which keeps who and why on its ledger rows.
 */
export type GiveBack = { reason: 'refund' } | { reason: 'waiver'; note: string; actorId: number };

/**
 * Gives a booking's credits back to the lots they came from. A lot that cannot take them back (it has
 * expired, or its payment was refunded) settles its share with a transfer pair that nets to zero on it,
 * and the credits land in a lot of their own: with the old lot's expiry, or REFUND_LOT_VALID_DAYS when
 * that has passed. The one exception is a payment paid back in full (or taken back by the cardholder's
 * bank): the learner already has that money, so its credits do not come back. Giving back twice gives
 * nothing the second time. Returns the credits the learner got back.
 */
export async function refundBooking(
  tx: Database,
  booking: { id: number; userId: number },
  now: Date,
  why: GiveBack = { reason: 'refund' },
): Promise<number> {
  const { reason } = why;
  const by = why.reason === 'waiver' ? { note: why.note, actorId: why.actorId } : {};
  await lockUserCredits(tx, booking.userId);
  const rows: NewLedgerRow[] = [];
  const newLots: { credits: number; expiresAt: Date; paymentId: number | null }[] = [];
  let returned = 0;
  for (const { lotId, credits } of await bookingHoldings(tx, booking.id)) {
    const lot = await findLot(tx, lotId);
    if (lot && !lot.clawedBackAt && lot.expiresAt > now && (await changeLotRemaining(tx, lotId, credits))) {
      rows.push({ userId: booking.userId, delta: credits, reason, bookingId: booking.id, lotId, ...by });
      returned += credits;
      continue;
    }
    rows.push(
      { userId: booking.userId, delta: credits, reason: 'transfer', bookingId: booking.id, lotId },
      { userId: booking.userId, delta: -credits, reason: 'transfer', lotId },
    );
    if (lot?.clawedBackAt && (lot.paymentId === null || (await isPaidBack(tx, lot.paymentId)))) continue;
    const expiresAt =
      lot && lot.expiresAt > now ? lot.expiresAt : new Date(now.getTime() + REFUND_LOT_VALID_DAYS * DAY_MS);
    newLots.push({ credits, expiresAt, paymentId: lot?.paymentId ?? null });
    returned += credits;
  }
  await insertLedgerRows(tx, rows);
  for (const lot of newLots) {
    // The new lot keeps its payment, so a later refund of what remains of that payment takes it too. Its
    // ledger row carries the booking id; bookingHoldings nets it out by lot, so a second refund of the
    // booking still finds nothing to give back.
    await grantCredits(tx, {
      userId: booking.userId,
      credits: lot.credits,
      expiresAt: lot.expiresAt,
      source: 'refund',
      reason,
      bookingId: booking.id,
      paymentId: lot.paymentId,
      ...by,
    });
  }
  return returned;
}

/**
 * Passes what a booking holds to another booking of the same learner (an administrator's move): a pair
 * of transfer rows per lot, one giving the credits back to the old booking and one taking them for the new
 * one, so every lot nets to zero, the learner's history shows nothing (transfers are hidden), and a later
 * refund of the new booking finds its credits where they came from. Returns the credits passed.
 */
export async function transferBooking(
  tx: Database,
  from: { id: number; userId: number },
  to: { id: number },
): Promise<number> {
  await lockUserCredits(tx, from.userId);
  const holdings = await bookingHoldings(tx, from.id);
  await insertLedgerRows(
    tx,
    holdings.flatMap(({ lotId, credits }) => [
      { userId: from.userId, delta: credits, reason: 'transfer' as const, bookingId: from.id, lotId },
      { userId: from.userId, delta: -credits, reason: 'transfer' as const, bookingId: to.id, lotId },
    ]),
  );
  return holdings.reduce((sum, { credits }) => sum + credits, 0);
}

/**
 * A cancel inside the free-cancellation window: nothing moves, the booking keeps the credits
 * it took, and one row of delta 0 says so, so the learner's history shows why they did not come back.
 */
export async function forfeitBooking(tx: Database, booking: { id: number; userId: number }): Promise<void> {
  await insertLedgerRows(tx, [
    { userId: booking.userId, delta: 0, reason: 'late_cancel', bookingId: booking.id },
  ]);
}

/**
 * Takes back the unused credits of a lot whose payment was refunded or disputed, once: a
 * second call (the provider's echo of our refund, a redelivered event) finds the lot marked and does
 * nothing. Credits already spent stay spent, so the balance never goes below zero. Returns the credits
 * taken.
 */
export async function clawBackLot(
  tx: Database,
  lot: CreditLotRow,
  input: { now: Date; note: string; actorId: number | null },
): Promise<number> {
  await lockUserCredits(tx, lot.userId);
  if (!(await markLotClawedBack(tx, lot.id, input.now))) return 0;
  const current = await findLot(tx, lot.id);
  const credits = current?.creditsRemaining ?? 0;
  if (credits === 0 || !(await changeLotRemaining(tx, lot.id, -credits))) return 0;
  await insertLedgerRows(tx, [
    {
      userId: lot.userId,
      delta: -credits,
      reason: 'clawback',
      lotId: lot.id,
      paymentId: lot.paymentId,
      note: input.note,
      actorId: input.actorId,
    },
  ]);
  // Expired credits had no value left; they are taken all the same, but the balance never counted them.
  return current && current.expiresAt > input.now ? credits : 0;
}

/** Admin grant (delta > 0) or removal (delta < 0); a removal cannot take more than the balance. */
export async function adjustCredits(
  db: Database,
  input: { userId: number; delta: number; reason: string; adminId: number; now: Date },
): Promise<{ balance: number }> {
  const { now } = input;
  const user = await userExists(db, input.userId);
  if (!user) throw new AppError('NOT_FOUND', 'This user does not exist.');
  if (user.role !== 'user') throw new AppError('VALIDATION', 'Only learners hold credits.', {});
  await db.transaction(async (tx) => {
    if (input.delta > 0) {
      await lockUserCredits(tx, input.userId);
      await grantCredits(tx, {
        userId: input.userId,
        credits: input.delta,
        expiresAt: new Date(now.getTime() + ADMIN_GRANT_VALID_DAYS * DAY_MS),
        source: 'grant',
        reason: 'adjustment',
        note: input.reason,
        actorId: input.adminId,
      });
      return;
    }
    const balance = await sumUsable(tx, input.userId, now);
    await takeCredits(
      tx,
      {
        userId: input.userId,
        credits: -input.delta,
        now,
        shortMessage: `Cannot remove ${-input.delta} credits: the balance is only ${balance}.`,
        short: 'VALIDATION',
      },
      { reason: 'adjustment', note: input.reason, actorId: input.adminId },
    );
  });
  return { balance: await getBalance(db, input.userId, now) };
}

/** Credits usable now: the remaining credits of unexpired lots, whether or not expireLots has run. */
export function getBalance(db: Database, userId: number, now: Date): Promise<number> {
  return sumUsable(db, userId, now);
}

function summarize(lots: CreditLotRow[]): CreditSummary {
  const first = lots[0];
  const balance = lots.reduce((sum, lot) => sum + lot.creditsRemaining, 0);
  if (!first) return { balance, next_expiry: null };
  const credits = lots
    .filter((lot) => lot.expiresAt.getTime() === first.expiresAt.getTime())
    .reduce((sum, lot) => sum + lot.creditsRemaining, 0);
  return { balance, next_expiry: { credits, expires_at: first.expiresAt.toISOString() } };
}

export async function getCreditSummary(db: Database, userId: number, now: Date): Promise<CreditSummary> {
  return summarize(await usableLots(db, userId, now));
}

/**
 * Which lots a withdrawal of `credits` would draw from now, by the rule takeCredits applies (the lot
 * expiring first first), without taking anything: the booking confirmation shows it.
 */
export async function planWithdrawal(
  db: Database,
  userId: number,
  credits: number,
  now: Date,
): Promise<{ balance: number; uses: { credits: number; expires_at: string }[] }> {
  const lots = await usableLots(db, userId, now);
  const uses: { credits: number; expires_at: string }[] = [];
  let left = credits;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(left, lot.creditsRemaining);
    const expiresAt = lot.expiresAt.toISOString();
    // Lots come in expiry order; two expiring at the same instant read as one line.
    const last = uses.at(-1);
    if (last?.expires_at === expiresAt) last.credits += take;
    else uses.push({ credits: take, expires_at: expiresAt });
    left -= take;
  }
  return { balance: summarize(lots).balance, uses };
}

/** The learner's credits page: the summary and every usable lot with where it came from. */
export async function getUserCredits(db: Database, userId: number, now: Date): Promise<UserCredits> {
  const lots = await usableLots(db, userId, now);
  const paymentIds = [...new Set(lots.flatMap((lot) => (lot.paymentId === null ? [] : [lot.paymentId])))];
  const paid = new Map((await lotPayments(db, paymentIds)).map((payment) => [payment.id, payment]));
  return {
    ...summarize(lots),
    lots: lots.map((lot) => {
      const payment = lot.paymentId === null ? undefined : paid.get(lot.paymentId);
      const membership = lot.source === 'subscription';
      return {
        id: lot.id,
        source: lot.source,
        plan_title: payment?.planTitle ?? null,
        period_start: (membership && payment?.startDate?.toISOString()) || null,
        period_end: (membership && payment?.endDate?.toISOString()) || null,
        credits_total: lot.creditsTotal,
        credits_remaining: lot.creditsRemaining,
        expires_at: lot.expiresAt.toISOString(),
        days_left: Math.ceil((lot.expiresAt.getTime() - now.getTime()) / DAY_MS),
        created_at: lot.createdAt.toISOString(),
      };
    }),
  };
}

/** Every movement of a learner's credits, newest first, a page of PAGE_SIZE. */
export async function getCreditHistory(
  db: Database,
  userId: number,
  page: number,
): Promise<Paginated<LedgerDto>> {
  const [rows, total] = await Promise.all([
    pageLedger(db, userId, { offset: pageOffset(page), limit: PAGE_SIZE }),
    countLedger(db, userId),
  ]);
  // A note is the school's own reason (an admin's refund or adjustment): the learner reads the neutral line.
  return toPage(
    rows.map((row) => ({ ...toLedgerDto(row), note: null })),
    total,
    page,
  );
}

/**
 * Zeroes lots whose time has passed, with an expiry ledger row each. Balances never depend on it
 * (they ignore expired lots); it keeps the ledger telling the whole story. Runs lazily before every
 * withdrawal, for one user or for all.
 */
export async function expireLots(db: Database, now: Date, userId?: number): Promise<number> {
  return zeroExpiredLots(db, await expiredLotsWithCredits(db, now, userId));
}

/** Zeroes the given (locked, expired) lots with an expiry ledger row each; returns how many. */
async function zeroExpiredLots(db: Database, lots: CreditLotRow[]): Promise<number> {
  const rows: NewLedgerRow[] = [];
  for (const lot of lots) {
    if (await changeLotRemaining(db, lot.id, -lot.creditsRemaining)) {
      rows.push({ userId: lot.userId, delta: -lot.creditsRemaining, reason: 'expiry', lotId: lot.id });
    }
  }
  await insertLedgerRows(db, rows);
  return rows.length;
}

/** Lots whose remaining credits differ from their ledger rows (empty means consistent); for tests. */
export function checkLotsMatchLedger(db: Database, userId: number) {
  return lotsNotMatchingLedger(db, userId);
}

function toLedgerDto({ row, classTitle, classTime, planTitle }: LedgerRowWithSubject): LedgerDto {
  return {
    id: row.id,
    delta: row.delta,
    reason: row.reason,
    note: row.note,
    booking_id: row.bookingId,
    payment_id: row.paymentId,
    lot_id: row.lotId,
    class_title: classTitle,
    class_time: classTime?.toISOString() ?? null,
    plan_title: planTitle,
    created_at: row.createdAt.toISOString(),
  };
}

/** Balance, next expiry and the last ADMIN_LEDGER_LIMIT movements of a learner, for the admin screens. */
export async function getAdminUserCredits(
  db: Database,
  userId: number,
  now: Date,
): Promise<AdminUserCredits> {
  if (!(await userExists(db, userId))) throw new AppError('NOT_FOUND', 'This user does not exist.');
  const summary = await getCreditSummary(db, userId, now);
  const ledger = await pageLedger(db, userId, { offset: 0, limit: ADMIN_LEDGER_LIMIT });
  return { ...summary, ledger: ledger.map(toLedgerDto) };
}

/** The credits calls' service: what a learner and the admins read and change, on the app's clock. */
export function createCreditsService(db: Database, { clock }: { clock: Clock }) {
  return {
    balance: (userId: number) => getBalance(db, userId, nowOf(clock)),
    summary: (userId: number) => getCreditSummary(db, userId, nowOf(clock)),
    lots: (userId: number) => getUserCredits(db, userId, nowOf(clock)),
    history: (userId: number, page: number) => getCreditHistory(db, userId, page),
    ofLearner: (userId: number) => getAdminUserCredits(db, userId, nowOf(clock)),
    adjust: (input: { userId: number; delta: number; reason: string; adminId: number }) =>
      adjustCredits(db, { ...input, now: nowOf(clock) }),
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
