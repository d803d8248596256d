import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { creditLots } from '../../db/schema/credit-lots';
import { payments } from '../../db/schema/payments';
import { type ReferralRow, referrals } from '../../db/schema/referrals';
import { users } from '../../db/schema/users';

export type { ReferralRow };
export type ReferralPatch = Partial<Omit<ReferralRow, 'id' | 'sponsorId' | 'friendId' | 'createdAt'>>;

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  urlName: users.urlName,
  urlNameChosenAt: users.urlNameChosenAt,
  disabledAt: users.disabledAt,
};
export type ReferralAccount = {
  id: number;
  name: string;
  email: string;
  role: 'admin' | 'user' | 'teacher';
  urlName: string | null;
  urlNameChosenAt: Date | null;
  disabledAt: Date | null;
};

export async function findAccount(db: Database, id: number): Promise<ReferralAccount | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id));
  return row;
}

/** URL names are stored lower-case, so this finds a link typed in any case. */
export async function findAccountByUrlName(
  db: Database,
  urlName: string,
): Promise<ReferralAccount | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.urlName, urlName));
  return row;
}

/** The owner's choice, once: false when they had chosen before. */
export async function chooseUrlName(
  db: Database,
  userId: number,
  urlName: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ urlName, urlNameChosenAt: now })
    .where(and(eq(users.id, userId), isNull(users.urlNameChosenAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A friend's sponsor, recorded once: a second call (there is none today) changes nothing. */
export async function insertReferral(
  tx: Database,
  values: { sponsorId: number; friendId: number; now: Date },
): Promise<void> {
  await tx
    .insert(referrals)
    .values({
      sponsorId: values.sponsorId,
      friendId: values.friendId,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing({ target: referrals.friendId });
}

export async function lockReferralOfFriend(tx: Database, friendId: number): Promise<ReferralRow | undefined> {
  const [row] = await tx.select().from(referrals).where(eq(referrals.friendId, friendId)).for('update');
  return row;
}

export async function lockReferral(tx: Database, id: number): Promise<ReferralRow | undefined> {
  const [row] = await tx.select().from(referrals).where(eq(referrals.id, id)).for('update');
  return row;
}

/** The referrals a payment qualified, locked: a refund and the reward job take turns on them. */
export async function lockReferralsOfPayment(tx: Database, paymentId: number): Promise<ReferralRow[]> {
  return tx.select().from(referrals).where(eq(referrals.paymentId, paymentId)).for('update');
}

export async function updateReferral(tx: Database, id: number, patch: ReferralPatch): Promise<void> {
  await tx.update(referrals).set(patch).where(eq(referrals.id, id));
}

/** Whether the friend has attended a class (a teacher or an administrator marked it so). */
const friendAttended = sql`exists (select 1 from ${bookings} where ${bookings.userId} = ${referrals.friendId} and ${bookings.attendance} = 'attended')`;

/** Referrals whose hold has passed and whose friend has attended a class, oldest first. */
export async function dueReferralIds(db: Database, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.state, 'purchased'), lte(referrals.holdUntil, now), friendAttended))
    .orderBy(asc(referrals.holdUntil), asc(referrals.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function isDue(tx: Database, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.id, id), lte(referrals.holdUntil, now), friendAttended));
  return rows.length > 0;
}

/** The sponsor's rewards in [from, until): the monthly cap counts them. */
export async function countRewards(
  tx: Database,
  sponsorId: number,
  range: { from: Date; until: Date },
): Promise<number> {
  return tx.$count(
    referrals,
    and(
      eq(referrals.sponsorId, sponsorId),
      isNotNull(referrals.rewardedAt),
      gte(referrals.rewardedAt, range.from),
      lt(referrals.rewardedAt, range.until),
    ),
  );
}

/** A sponsor's friends, newest first. */
export async function listInvitees(db: Database, sponsorId: number) {
  return db
    .select({ id: referrals.id, name: users.name, state: referrals.state, createdAt: referrals.createdAt })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.friendId))
    .where(eq(referrals.sponsorId, sponsorId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id));
}

const sponsors = alias(users, 'sponsors');
const friends = alias(users, 'friends');
const friendLots = alias(creditLots, 'friend_lots');
const sponsorLots = alias(creditLots, 'sponsor_lots');

export type ReferralWithNames = ReferralRow & {
  sponsorName: string;
  friendName: string;
  friendCredits: number | null;
  sponsorCredits: number | null;
};

function selectWithNames(db: Database) {
  return db
    .select({
      referral: referrals,
      sponsorName: sponsors.name,
      friendName: friends.name,
      friendCredits: friendLots.creditsTotal,
      sponsorCredits: sponsorLots.creditsTotal,
    })
    .from(referrals)
    .innerJoin(sponsors, eq(sponsors.id, referrals.sponsorId))
    .innerJoin(friends, eq(friends.id, referrals.friendId))
    .leftJoin(friendLots, eq(friendLots.id, referrals.friendLotId))
    .leftJoin(sponsorLots, eq(sponsorLots.id, referrals.sponsorLotId));
}

type Joined = {
  referral: ReferralRow;
  sponsorName: string;
  friendName: string;
  friendCredits: number | null;
  sponsorCredits: number | null;
};
const flatten = ({ referral, ...names }: Joined): ReferralWithNames => ({ ...referral, ...names });

export async function pageReferrals(
  db: Database,
  page: { offset: number; limit: number },
): Promise<ReferralWithNames[]> {
  const rows = await selectWithNames(db)
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(flatten);
}

export async function findReferralWithNames(
  db: Database,
  id: number,
): Promise<ReferralWithNames | undefined> {
  const [row] = await selectWithNames(db).where(eq(referrals.id, id));
  return row && flatten(row);
}

export function countReferrals(db: Database): Promise<number> {
  return db.$count(referrals);
}

/** Around one account: its sponsor (as a friend) and the friends it sponsored. */
export async function referralsAround(db: Database, userId: number): Promise<ReferralWithNames[]> {
  const rows = await selectWithNames(db)
    .where(sql`${referrals.friendId} = ${userId} or ${referrals.sponsorId} = ${userId}`)
    .orderBy(desc(referrals.createdAt), desc(referrals.id));
  return rows.map(flatten);
}

/**
 * Per month of the school's zone since `since`: friends who signed up, rewards granted, and the credits
 * of the lots granted (the friend's bonus in the month of the purchase, the sponsor's in that of the reward).
 */
export async function monthTotals(db: Database, timeZone: string, since: Date) {
  const monthOf = (column: typeof referrals.createdAt | typeof creditLots.createdAt) =>
    sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM')`;
  const [signedUp, rewarded, friendCredits, sponsorCredits] = await Promise.all([
    db
      .select({ month: monthOf(referrals.createdAt), n: count() })
      .from(referrals)
      .where(gte(referrals.createdAt, since))
      .groupBy(sql`1`),
    db
      .select({
        month: sql<string>`to_char(${referrals.rewardedAt} at time zone ${timeZone}, 'YYYY-MM')`,
        n: count(),
      })
      .from(referrals)
      .where(gte(referrals.rewardedAt, since))
      .groupBy(sql`1`),
    lotTotals(db, monthOf(creditLots.createdAt), referrals.friendLotId, since),
    lotTotals(db, monthOf(creditLots.createdAt), referrals.sponsorLotId, since),
  ]);
  return { signedUp, rewarded, friendCredits, sponsorCredits };
}

function lotTotals(
  db: Database,
  month: ReturnType<typeof sql<string>>,
  lotColumn: typeof referrals.friendLotId | typeof referrals.sponsorLotId,
  since: Date,
) {
  return db
    .select({ month, n: sql<number>`coalesce(sum(${creditLots.creditsTotal}), 0)::int` })
    .from(referrals)
    .innerJoin(creditLots, eq(creditLots.id, lotColumn))
    .where(gte(creditLots.createdAt, since))
    .groupBy(sql`1`);
}

/** Whether a payment still stands: succeeded, nothing refunded, no dispute. */
export async function paymentStands(tx: Database, paymentId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, 'succeeded'),
        eq(payments.amountRefunded, 0),
        isNull(payments.disputedAt),
      ),
    );
  return rows.length > 0;
}

/** The lot a payment bought, for the expiry of a bonus that comes with it. */
export async function purchasedLotOf(tx: Database, paymentId: number) {
  const [lot] = await tx
    .select()
    .from(creditLots)
    .where(and(eq(creditLots.paymentId, paymentId), inArray(creditLots.source, ['purchase', 'subscription'])))
    .orderBy(asc(creditLots.id))
    .limit(1);
  return lot;
}

/** Whether the card that made this payment (by the provider's fingerprint) ever paid for the sponsor. */
export async function paidWithSponsorsCard(
  tx: Database,
  paymentId: number,
  sponsorId: number,
): Promise<boolean> {
  const sponsors = alias(payments, 'sponsor_payments');
  const rows = await tx
    .select({ id: sponsors.id })
    .from(payments)
    .innerJoin(sponsors, eq(sponsors.cardFingerprint, payments.cardFingerprint))
    .where(
      and(eq(payments.id, paymentId), isNotNull(payments.cardFingerprint), eq(sponsors.userId, sponsorId)),
    )
    .limit(1);
  return rows.length > 0;
}
