import { PAGE_SIZE } from '@tokenly/contract/common';
import type { AdminSubscriptionsQuery, SubscriptionState } from '@tokenly/contract/memberships';
import { and, asc, desc, eq, ilike, inArray, isNull, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { subscriptionPlanChanges, subscriptions } from '../../db/schema/subscriptions';
import { tokenPlans } from '../../db/schema/token-plans';
import { users } from '../../db/schema/users';

// A membership's changes of plan, and the administrator's list of every subscription.

export type PlanChangeRow = typeof subscriptionPlanChanges.$inferSelect;
type NewPlanChange = Omit<typeof subscriptionPlanChanges.$inferInsert, 'id'>;

/**
 * Records a change once: an upgrade's invoice (its provider_ref) reported twice is recorded once; true
 * when this call recorded it.
 */
export async function insertPlanChange(tx: Database, values: NewPlanChange): Promise<boolean> {
  const rows = await tx
    .insert(subscriptionPlanChanges)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: subscriptionPlanChanges.id });
  return rows.length === 1;
}

/** A downgrade still waiting for its renewal, with the plan it moves to. */
export async function findScheduledPlanChange(db: Database, subscriptionId: number) {
  const [row] = await db
    .select({ change: subscriptionPlanChanges, plan: tokenPlans })
    .from(subscriptionPlanChanges)
    .innerJoin(tokenPlans, eq(tokenPlans.id, subscriptionPlanChanges.toPlanId))
    .where(
      and(
        eq(subscriptionPlanChanges.subscriptionId, subscriptionId),
        eq(subscriptionPlanChanges.kind, 'downgrade'),
        isNull(subscriptionPlanChanges.appliedAt),
      ),
    )
    .orderBy(desc(subscriptionPlanChanges.id))
    .limit(1);
  return row;
}

/** The plan and price a subscription renews with from now on. */
export async function setSubscriptionPlan(
  tx: Database,
  id: number,
  plan: { tokenPlanId: number; amount: number },
): Promise<void> {
  await tx.update(subscriptions).set(plan).where(eq(subscriptions.id, id));
}

/** The renewal a downgrade waited for has been paid: the change is done. */
export async function markPlanChangesApplied(tx: Database, subscriptionId: number, at: Date): Promise<void> {
  await tx
    .update(subscriptionPlanChanges)
    .set({ appliedAt: at })
    .where(
      and(
        eq(subscriptionPlanChanges.subscriptionId, subscriptionId),
        isNull(subscriptionPlanChanges.appliedAt),
      ),
    );
}

/** The plan a payment moved its membership from, when it charged a change of plan. */
export async function planChangeOfPayment(db: Database, providerRef: string): Promise<string | undefined> {
  const [row] = await db
    .select({ title: tokenPlans.tokenTitle })
    .from(subscriptionPlanChanges)
    .innerJoin(tokenPlans, eq(tokenPlans.id, subscriptionPlanChanges.fromPlanId))
    .where(eq(subscriptionPlanChanges.providerRef, providerRef));
  return row?.title;
}

const ENDED = ['canceled', 'incomplete_expired', 'unpaid'] as const;
const RUNNING = ['active', 'trialing'] as const;

/** Where a subscription stands, as the administrator's list names it, at `now`. */
export function subscriptionState(
  row: Pick<typeof subscriptions.$inferSelect, 'status' | 'cancelAtPeriodEnd' | 'pausedFrom'>,
  now: Date,
): SubscriptionState {
  if ((ENDED as readonly string[]).includes(row.status)) return 'ended';
  if (row.status === 'past_due') return 'past_due';
  if (row.pausedFrom && row.pausedFrom <= now) return 'paused';
  return row.cancelAtPeriodEnd ? 'cancelling' : 'active';
}

/** The same states as conditions, so the list filters in the database. */
function stateCondition(state: SubscriptionState, now: Date): SQL | undefined {
  const pausedNow = and(sql`${subscriptions.pausedFrom} is not null`, lte(subscriptions.pausedFrom, now));
  const notPausedNow = or(isNull(subscriptions.pausedFrom), sql`${subscriptions.pausedFrom} > ${now}`);
  const running = inArray(subscriptions.status, [...RUNNING]);
  switch (state) {
    case 'ended':
      return inArray(subscriptions.status, [...ENDED]);
    case 'past_due':
      return eq(subscriptions.status, 'past_due');
    case 'paused':
      return and(running, pausedNow);
    case 'cancelling':
      return and(running, notPausedNow, eq(subscriptions.cancelAtPeriodEnd, true));
    case 'active':
      return and(running, notPausedNow, eq(subscriptions.cancelAtPeriodEnd, false));
  }
}

/**
 * When it charges next: the end of its pause, or of its paid period; none for an ended subscription or one
 * that ends with its period (as the list shows them).
 */
const nextCharge = sql<Date | null>`case when ${inArray(subscriptions.status, [...ENDED])} or ${subscriptions.cancelAtPeriodEnd}
  then null else coalesce(${subscriptions.pausedUntil}, ${subscriptions.currentPeriodEnd}) end`;

/** The next charge from `since` (inclusive) to `before` (exclusive): the filter's days in the school's zone. */
export type NextChargeRange = { since: Date | undefined; before: Date | undefined };

/**
 * The filters of the administrator's list. A subscription whose first payment never went through is left
 * out: it never ran.
 */
function adminFilters(query: AdminSubscriptionsQuery, now: Date, range: NextChargeRange): SQL | undefined {
  const learner = query.learner ? `%${query.learner.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  return and(
    notInArray(subscriptions.status, ['incomplete']),
    query.state ? stateCondition(query.state, now) : undefined,
    query.plan_id ? eq(subscriptions.tokenPlanId, query.plan_id) : undefined,
    learner ? or(ilike(users.name, learner), ilike(users.email, learner)) : undefined,
    range.since ? sql`${nextCharge} >= ${range.since.toISOString()}::timestamptz` : undefined,
    range.before ? sql`${nextCharge} < ${range.before.toISOString()}::timestamptz` : undefined,
  );
}

export async function listAdminSubscriptions(
  db: Database,
  query: AdminSubscriptionsQuery,
  now: Date,
  range: NextChargeRange,
) {
  const where = adminFilters(query, now, range);
  const base = db
    .select({
      subscription: subscriptions,
      user: { id: users.id, name: users.name, email: users.email },
      plan: { id: tokenPlans.id, tokenTitle: tokenPlans.tokenTitle },
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(tokenPlans, eq(tokenPlans.id, subscriptions.tokenPlanId))
    .where(where);
  const [rows, [count]] = await Promise.all([
    base
      // The next charge first; those without one (ended, or ending with their period) last.
      .orderBy(sql`${nextCharge} asc nulls last`, asc(subscriptions.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}
