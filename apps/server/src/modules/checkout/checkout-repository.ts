import {
  and,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  notInArray,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { creditLots } from '../../db/schema/credit-lots';
import { payments } from '../../db/schema/payments';
import { subscriptionClaims } from '../../db/schema/subscription-claims';
import { subscriptionPauses, subscriptions } from '../../db/schema/subscriptions';
import { tokenPlans } from '../../db/schema/token-plans';
import { webhookEvents } from '../../db/schema/webhook-events';

type NewPayment = typeof payments.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
type SubscriptionValues = Omit<typeof subscriptions.$inferInsert, 'id' | 'createdAt'>;

/**
 * Inserts the payment unless one with its provider_ref exists, or turns a failed attempt under that
 * reference into this payment (a card that failed 3-D Secure may be confirmed again). The unique index
 * decides: of any number of concurrent callers exactly one gets `inserted: true`, and only that one may grant.
 */
export async function insertPaymentOnce(
  tx: Database,
  values: NewPayment,
): Promise<{ inserted: boolean; payment: PaymentRow }> {
  const [inserted] = await tx
    .insert(payments)
    .values(values)
    .onConflictDoUpdate({
      target: payments.providerRef,
      set: { ...values, failureReason: null, createdAt: sql`now()` },
      setWhere: eq(payments.status, 'failed'),
    })
    .returning();
  if (inserted) return { inserted: true, payment: inserted };
  const [existing] = await tx.select().from(payments).where(eq(payments.providerRef, values.providerRef));
  if (!existing) throw new Error(`payment ${values.providerRef} conflicted but cannot be read`);
  return { inserted: false, payment: existing };
}

/**
 * Records a failed attempt (status failed, with the provider's reason) once per provider reference; a
 * reference already recorded, paid or failed, is left as it is. Nothing is granted for it.
 */
export async function insertFailedPayment(
  tx: Database,
  values: Omit<NewPayment, 'status'> & { failureReason: string },
): Promise<void> {
  await tx
    .insert(payments)
    .values({ ...values, status: 'failed' })
    .onConflictDoNothing({ target: payments.providerRef });
}

/**
 * Creates or refreshes our copy of a provider subscription, keyed by its provider id. The owner, plan and
 * price are those of the sale and never change; the provider's state is refreshed.
 */
export async function upsertSubscription(tx: Database, values: SubscriptionValues): Promise<SubscriptionRow> {
  const [row] = await tx
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: subscriptions.providerRef,
      set: {
        status: values.status,
        currentPeriodStart: values.currentPeriodStart,
        currentPeriodEnd: values.currentPeriodEnd,
        cancelAtPeriodEnd: values.cancelAtPeriodEnd,
        pastDueSince: values.pastDueSince ?? null,
        nextPaymentAttempt: values.nextPaymentAttempt ?? null,
        pausedFrom: values.pausedFrom ?? null,
        pausedUntil: values.pausedUntil ?? null,
      },
    })
    .returning();
  if (!row) throw new Error('upsert into subscriptions returned no row');
  return row;
}

/** Whether the payment is the first one of our subscription (its first period), not a renewal. */
export async function isFirstPaymentOf(tx: Database, subscriptionId: number, paymentId: number) {
  const [earlier] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.subscriptionId, subscriptionId), lt(payments.id, paymentId)))
    .limit(1);
  return earlier === undefined;
}

export async function findSubscriptionByRef(
  db: Database,
  providerRef: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerRef, providerRef));
  return row;
}

export async function findSubscription(db: Database, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

export type SubscriptionWithPlan = SubscriptionRow & { tokenTitle: string; tokenCredit: number };

/** A learner's subscriptions, newest first, leaving out those whose first payment never went through; or `only` the one asked for, whatever its state. */
export async function listSubscriptionsOf(
  db: Database,
  userId: number,
  only?: { subscriptionId: number },
): Promise<SubscriptionWithPlan[]> {
  const rows = await db
    .select({
      subscription: subscriptions,
      tokenTitle: tokenPlans.tokenTitle,
      tokenCredit: tokenPlans.tokenCredit,
    })
    .from(subscriptions)
    .innerJoin(tokenPlans, eq(tokenPlans.id, subscriptions.tokenPlanId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        only
          ? eq(subscriptions.id, only.subscriptionId)
          : notInArray(subscriptions.status, ['incomplete', 'incomplete_expired']),
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  return rows.map(({ subscription, tokenTitle, tokenCredit }) => ({
    ...subscription,
    tokenTitle,
    tokenCredit,
  }));
}

/**
 * A claim older than this was left by a subscribe call that never finished (its process was killed); it
 * no longer blocks. Longer than any provider call takes, retries included.
 */
const STALE_CLAIM_SECONDS = 300;

/**
 * Claims the right to start a subscription of this learner to this plan. Of any number of concurrent
 * callers, in any number of processes, exactly one gets true until it calls `releaseSubscribeClaim`.
 */
export async function claimSubscribe(db: Database, userId: number, tokenPlanId: number): Promise<boolean> {
  const rows = await db
    .insert(subscriptionClaims)
    .values({ userId, tokenPlanId })
    .onConflictDoUpdate({
      target: [subscriptionClaims.userId, subscriptionClaims.tokenPlanId],
      set: { claimedAt: sql`now()` },
      setWhere: sql`${subscriptionClaims.claimedAt} < now() - make_interval(secs => ${STALE_CLAIM_SECONDS})`,
    })
    .returning({ userId: subscriptionClaims.userId });
  return rows.length === 1;
}

export async function releaseSubscribeClaim(db: Database, userId: number, tokenPlanId: number) {
  await db
    .delete(subscriptionClaims)
    .where(and(eq(subscriptionClaims.userId, userId), eq(subscriptionClaims.tokenPlanId, tokenPlanId)));
}

/** Subscriptions of this learner and plan that still bill. */
export async function findRunningSubscription(
  db: Database,
  userId: number,
  tokenPlanId: number,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.tokenPlanId, tokenPlanId),
        notInArray(subscriptions.status, ['incomplete', 'incomplete_expired', 'canceled', 'unpaid']),
      ),
    )
    .limit(1);
  return row;
}

export async function webhookEventSeen(db: Database, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(eq(webhookEvents.eventId, eventId));
  return row !== undefined;
}

/** Records the event; false when another request recorded it first, which then must not apply it. */
export async function recordWebhookEvent(
  tx: Database,
  event: { id: string; type: string },
): Promise<boolean> {
  const [row] = await tx
    .insert(webhookEvents)
    .values({ eventId: event.id, type: event.type })
    .onConflictDoNothing({ target: webhookEvents.eventId })
    .returning({ id: webhookEvents.id });
  return row !== undefined;
}

/**
 * Whether a membership of the learner has been past due for longer than `graceDays` at `at`, as a
 * condition a booking with credits refuses itself on (bookings-repository, takeSeatAndBook): the period
 * those credits would stand for has not been paid. Paying (a retry, or a new card) lifts it at once; the
 * membership's end lifts it too. The hours are whole days of 24 hours, as bookingsBlockedFrom counts them.
 */
export const pastDueBeyondGrace = (
  userId: SQL | Placeholder,
  graceDays: SQL | Placeholder,
  at: SQL | Placeholder,
): SQL => sql`exists (
  select from ${subscriptions}
  where ${subscriptions.userId} = ${userId}
    -- Past due while retries run; a gateway's final unpaid is an end, which holds nothing back.
    and ${subscriptions.status} = 'past_due'
    -- A club plan grants no credits: its failed renewal holds back no credit booking.
    and ${subscriptions.tokenPlanId} not in (select ${tokenPlans.id} from ${tokenPlans} where ${tokenPlans.kind} = 'club')
    and ${subscriptions.pastDueSince} + make_interval(hours => 24 * ${graceDays}::int) <= ${at})`;

/** pastDueBeyondGrace on its own, for a booking that took no seat: its refusal names the membership first. */
export async function isPastDueBeyondGrace(
  db: Database,
  userId: number,
  graceDays: number,
  at: Date,
): Promise<boolean> {
  const [row] = await rawRows<{ blocked: boolean }>(
    db,
    sql`select ${pastDueBeyondGrace(sql`${userId}`, sql`${graceDays}`, sql`${at}`)} as blocked`,
  );
  return row?.blocked === true;
}

export type SubscriptionPauseRow = typeof subscriptionPauses.$inferSelect;

export async function insertSubscriptionPause(
  tx: Database,
  values: Omit<typeof subscriptionPauses.$inferInsert, 'id' | 'createdAt'> & { createdAt: Date },
): Promise<SubscriptionPauseRow> {
  const [row] = await tx.insert(subscriptionPauses).values(values).returning();
  if (!row) throw new Error('insert into subscription_pauses returned no row');
  return row;
}

/** The pauses of a membership asked for since `since`, whoever asked. */
export async function countPausesSince(db: Database, subscriptionId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(subscriptionPauses)
    .where(
      and(eq(subscriptionPauses.subscriptionId, subscriptionId), gte(subscriptionPauses.createdAt, since)),
    );
  return row?.count ?? 0;
}

/** The subscription's pause that has not been ended early, newest first. */
export async function findOpenPause(
  tx: Database,
  subscriptionId: number,
): Promise<SubscriptionPauseRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptionPauses)
    .where(and(eq(subscriptionPauses.subscriptionId, subscriptionId), isNull(subscriptionPauses.resumedAt)))
    .orderBy(desc(subscriptionPauses.createdAt), desc(subscriptionPauses.id))
    .limit(1)
    .for('update');
  return row;
}

export async function markPauseResumed(tx: Database, id: number, at: Date): Promise<void> {
  await tx.update(subscriptionPauses).set({ resumedAt: at }).where(eq(subscriptionPauses.id, id));
}

/** The learner's newest credit lot, if any. */
export async function newestLotId(tx: Database, userId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: sql<number | null>`max(${creditLots.id})` })
    .from(creditLots)
    .where(eq(creditLots.userId, userId));
  return row?.id ?? null;
}

/**
 * Moves the expiry of the credits a learner holds (unexpired at `now`, with credits left, not taken
 * back) by `ms`, forwards or back, in the lots up to `upToLotId`.
 */
export async function moveHeldCreditsExpiry(
  tx: Database,
  input: { userId: number; subscriptionId: number; ms: number; now: Date; upToLotId: number },
): Promise<void> {
  await tx
    .update(creditLots)
    .set({ expiresAt: sql`${creditLots.expiresAt} + make_interval(secs => ${input.ms / 1000})` })
    .where(
      and(
        eq(creditLots.userId, input.userId),
        // The membership's own credits: a pause is no reason to keep a package's longer.
        inArray(
          creditLots.paymentId,
          tx
            .select({ id: payments.id })
            .from(payments)
            .where(eq(payments.subscriptionId, input.subscriptionId)),
        ),
        gt(creditLots.creditsRemaining, 0),
        gt(creditLots.expiresAt, input.now),
        lte(creditLots.id, input.upToLotId),
        isNull(creditLots.clawedBackAt),
      ),
    );
}

/** Serialises the changes of one membership (a pause sent twice at once, say) until the transaction ends. */
export async function lockSubscription(tx: Database, id: number): Promise<void> {
  await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, id)).for('update');
}
