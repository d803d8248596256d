import type { UserSubscription } from '@tokenly/contract/checkout';
import type { Paginated } from '@tokenly/contract/common';
import type {
  AdminSubscription,
  AdminSubscriptionsQuery,
  ChangePlanBody,
  PlanChangePreview,
} from '@tokenly/contract/memberships';
import { MESSAGES } from '@tokenly/contract/messages';
import type { Database } from '../../db/client';
import type { TokenPlanRow } from '../../db/schema/token-plans';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { toPage } from '../../lib/pagination';
import { addDays, parseLocalDate, startOfLocalDay } from '../../lib/time-zone';
import { GatewayCardError, type PaymentGateway } from '../payment-gateways/payment-gateway';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { findActiveTokenPlan, findTokenPlan } from '../token-plans/token-plans-repository';
import {
  claimSubscribe,
  findSubscription,
  lockSubscription,
  releaseSubscribeClaim,
  type SubscriptionRow,
} from './checkout-repository';
import type { CheckoutService } from './checkout-service';
import { proratedCharge, QUOTE_VALID_MS, shareLeft } from './plan-change';
import {
  findScheduledPlanChange,
  insertPlanChange,
  listAdminSubscriptions,
  subscriptionState,
} from './subscriptions-repository';

// Changing a membership's plan (docs/payments.md#changing-plan) and the administrator's subscriptions
// list. The money and credits of an upgrade go through the checkout's own granting, once per invoice.

type Change = {
  row: SubscriptionRow;
  from: TokenPlanRow;
  to: TokenPlanRow;
  preview: PlanChangePreview;
};

const planRef = (plan: TokenPlanRow, amount = plan.amount) => ({
  id: plan.id,
  token_title: plan.tokenTitle,
  token_credit: plan.tokenCredit,
  amount,
});

function fieldError(message: string): AppError {
  return new AppError('VALIDATION', message, { user_credit_token_id: [message] });
}

export function createMembershipChanges(
  db: Database,
  gateway: PaymentGateway,
  options: {
    clock: Clock;
    settings: SchoolSettingsSource;
    checkout: Pick<CheckoutService, 'syncSubscription' | 'grantPlanChange' | 'userSubscriptionOf'>;
  },
) {
  const { checkout } = options;

  /** What moving the learner's membership to `planId`, as at `at`, does; refused when it cannot. */
  async function changeOf(userId: number, id: number, planId: number, at: Date): Promise<Change> {
    const row = await findSubscription(db, id);
    if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', MESSAGES.subscriptionNotFound);
    const running = row.status === 'active' && !row.cancelAtPeriodEnd && !row.pausedUntil;
    if (!running || !row.currentPeriodStart || !row.currentPeriodEnd) {
      throw new AppError('CONFLICT', MESSAGES.planChangeNotRunning);
    }
    if (await findScheduledPlanChange(db, row.id)) {
      throw new AppError('CONFLICT', MESSAGES.planChangeAlreadyPlanned);
    }
    const [from, to] = await Promise.all([
      findTokenPlan(db, row.tokenPlanId),
      findActiveTokenPlan(db, planId),
    ]);
    if (!to) throw new AppError('NOT_FOUND', MESSAGES.planNotOnSale);
    if (!from) throw new AppError('NOT_FOUND', MESSAGES.paymentPlanGone);
    if (to.id === from.id) throw fieldError(MESSAGES.planChangeSamePlan);
    // Proration between different billing intervals has no "rest of the same period" to charge.
    if (to.kind !== 'membership' || from.kind !== 'membership' || to.intervalMonths !== from.intervalMonths) {
      throw fieldError(MESSAGES.planChangeOtherInterval);
    }
    const upgrade = to.amount > row.amount;
    const chargeNow = upgrade
      ? proratedCharge({
          fromCents: row.amount,
          toCents: to.amount,
          periodStart: row.currentPeriodStart,
          periodEnd: row.currentPeriodEnd,
          at,
        })
      : 0;
    return {
      row,
      from,
      to,
      preview: {
        kind: upgrade ? 'upgrade' : 'downgrade',
        // What this membership pays now: the price it was sold at.
        from_plan: planRef(from, row.amount),
        to_plan: planRef(to),
        charge_now: chargeNow,
        credits_now: upgrade
          ? shareLeft(Math.max(0, to.tokenCredit - from.tokenCredit), {
              periodStart: row.currentPeriodStart,
              periodEnd: row.currentPeriodEnd,
              at,
            })
          : 0,
        takes_effect_at: (upgrade ? at : row.currentPeriodEnd).toISOString(),
        next_charge: { at: row.currentPeriodEnd.toISOString(), amount: to.amount, credits: to.tokenCredit },
        quoted_at: at.toISOString(),
      },
    };
  }

  /** The change, once this call alone may change the membership. */
  async function changeClaimed(
    userId: number,
    id: number,
    body: ChangePlanBody,
    at: Date,
    now: Date,
  ): Promise<UserSubscription> {
    const { row, from, to, preview } = await changeOf(userId, id, body.user_credit_token_id, at);
    if (preview.charge_now !== body.charge_now) {
      throw new AppError('CONFLICT', MESSAGES.planChangeOutOfDate);
    }
    const upgrade = preview.kind === 'upgrade';
    const subscription = await gateway
      .changePlan(row.providerRef, {
        plan: {
          id: to.id,
          title: to.tokenTitle,
          amountCents: to.amount,
          intervalMonths: to.intervalMonths ?? 1,
        },
        metadata: {
          tokenly_user_id: String(userId),
          tokenly_plan_id: String(to.id),
          tokenly_amount_cents: String(to.amount),
          tokenly_number_token: String(to.tokenCredit),
          tokenly_previous_plan_id: String(from.id),
          tokenly_previous_number_token: String(from.tokenCredit),
          // What the upgrade grants now: the plans' difference for the rest of the period, as charged.
          tokenly_change_credits: String(preview.credits_now),
        },
        prorate: upgrade ? { at, expectedCents: preview.charge_now } : null,
      })
      .catch((error: unknown) => {
        if (error instanceof GatewayCardError) throw new AppError('PAYMENT_FAILED', error.message);
        throw error;
      });
    await db.transaction(async (tx) => {
      await lockSubscription(tx, row.id);
      await checkout.syncSubscription(tx, subscription);
      if (upgrade) {
        const invoice = subscription.latestInvoice;
        if (!invoice?.planChange)
          throw new Error(`the change of ${row.providerRef} came without its invoice`);
        await checkout.grantPlanChange(tx, invoice, subscription, userId);
        return;
      }
      // Two downgrades sent at once both passed the checks: the second finds the first here.
      if (await findScheduledPlanChange(tx, row.id)) {
        throw new AppError('CONFLICT', MESSAGES.planChangeAlreadyPlanned);
      }
      await insertPlanChange(tx, {
        subscriptionId: row.id,
        fromPlanId: from.id,
        toPlanId: to.id,
        kind: 'downgrade',
        takesEffectAt: row.currentPeriodEnd ?? now,
        createdBy: userId,
        createdAt: now,
      });
    });
    return checkout.userSubscriptionOf(userId, id);
  }

  /** GET admin-subscriptions: every subscription that ran, by the administrator's filters. */
  async function listForAdmin(query: AdminSubscriptionsQuery): Promise<Paginated<AdminSubscription>> {
    const now = nowOf(options.clock);
    const { timeZone } = await options.settings.current();
    const { rows, total } = await listAdminSubscriptions(db, query, now, {
      since: query.from === undefined ? undefined : startOfLocalDay(parseLocalDate(query.from), timeZone),
      before:
        query.to === undefined ? undefined : startOfLocalDay(addDays(parseLocalDate(query.to), 1), timeZone),
    });
    const data = rows.map(({ subscription, user, plan }): AdminSubscription => {
      const state = subscriptionState(subscription, now);
      const renews = state !== 'ended' && state !== 'cancelling';
      return {
        id: subscription.id,
        user,
        token_plan: { id: plan.id, token_title: plan.tokenTitle },
        state,
        amount: subscription.amount,
        next_charge_at: renews
          ? ((subscription.pausedUntil ?? subscription.currentPeriodEnd)?.toISOString() ?? null)
          : null,
        current_period_end: subscription.currentPeriodEnd?.toISOString() ?? null,
        paused_from: subscription.pausedFrom?.toISOString() ?? null,
        paused_until: subscription.pausedUntil?.toISOString() ?? null,
        past_due_since: subscription.pastDueSince?.toISOString() ?? null,
        created_at: subscription.createdAt.toISOString(),
      };
    });
    return toPage(data, total, query.page);
  }

  return {
    /** GET change-subscription-plan/{id}/preview: the figures, to the cent, as at now. */
    async preview(userId: number, id: number, planId: number): Promise<PlanChangePreview> {
      // Whole seconds, as Stripe's proration_date: confirming with this instant charges exactly this.
      const at = new Date(Math.floor(nowOf(options.clock).getTime() / 1000) * 1000);
      return (await changeOf(userId, id, planId, at)).preview;
    },

    /**
     * POST change-subscription-plan/{id}: the change the learner saw in the preview. An upgrade charges the
     * difference at once (the card's refusal is a 402 and changes nothing) and grants the extra credits;
     * a downgrade moves the gateway's price to the next renewal, when our copy follows.
     */
    async change(userId: number, id: number, body: ChangePlanBody): Promise<UserSubscription> {
      const at = new Date(body.quoted_at);
      const now = nowOf(options.clock);
      if (at.getTime() > now.getTime() || now.getTime() - at.getTime() > QUOTE_VALID_MS) {
        throw new AppError('CONFLICT', MESSAGES.planChangeOutOfDate);
      }
      // One change of a membership at a time, in any process: a second press of Confirm while the first
      // is at the gateway would charge the difference again, so it is refused; one made after the first
      // finds the plan changed and its figures out of date.
      const current = await findSubscription(db, id);
      if (!current || current.userId !== userId)
        throw new AppError('NOT_FOUND', MESSAGES.subscriptionNotFound);
      if (!(await claimSubscribe(db, userId, current.tokenPlanId))) {
        throw new AppError('CONFLICT', MESSAGES.planChangeOutOfDate);
      }
      try {
        return await changeClaimed(userId, id, body, at, now);
      } finally {
        await releaseSubscribeClaim(db, userId, current.tokenPlanId);
      }
    },

    /** GET admin-subscriptions: every subscription that ran, by the administrator's filters. */
    listForAdmin,
  };
}

export type MembershipChanges = ReturnType<typeof createMembershipChanges>;
