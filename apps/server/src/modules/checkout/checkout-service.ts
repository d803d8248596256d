import {
  type OneTimePaymentBody,
  type PaymentConfig,
  type PaymentIntentBody,
  SUBSCRIPTION_STATUSES,
  type SubscriptionBody,
  type UpdateSubscriptionCardBody,
  type UserPayment,
  type UserSubscription,
} from '@tokenly/contract/checkout';
import { CLUB_MONTH_DAYS } from '@tokenly/contract/club-pass';
import type { Paginated } from '@tokenly/contract/common';
import { MESSAGES } from '@tokenly/contract/messages';
import { dunningRetryDays } from '@tokenly/contract/school-settings';
import type { Database } from '../../db/client';
import type { TokenPlanRow } from '../../db/schema/token-plans';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { centsToUsd, usdToCents } from '../../lib/money';
import { pageOffset, toPage } from '../../lib/pagination';
import { grantClubPeriod, grantPlanClubDays } from '../club-pass/club-pass-service';
import { getBalance, grantCredits } from '../credits/credit-service';
import { rollOverCredits } from '../credits/rollover';
import { periodEnd } from '../demo-gateway/billing-period';
import type { GiftService } from '../gifts/gifts-service';
import type { InvoiceService } from '../invoices/invoices-service';
import type { ReceiptOf } from '../mail/templates/payment-mail';
import {
  type CheckoutMetadata,
  CURRENCY,
  type GatewayCard,
  GatewayCardError,
  type GatewayEvent,
  type GatewayInvoice,
  type GatewayPaymentIntent,
  type GatewaySubscription,
  type PaymentGateway,
} from '../payment-gateways/payment-gateway';
import {
  countPayments,
  listPayments,
  listPaymentsOfLearner,
  type PaymentWithNames,
} from '../payments/payments-repository';
import { toPaymentDto } from '../payments/payments-service';
import type { PromoCodesService } from '../promo-codes/promo-codes-service';
import type { ReferralService } from '../referrals/referrals-service';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import {
  findActiveTokenPlan,
  findActiveTokenPlansByTitle,
  findTokenPlan,
} from '../token-plans/token-plans-repository';
import {
  claimSubscribe,
  countPausesSince,
  findOpenPause,
  findRunningSubscription,
  findSubscription,
  findSubscriptionByRef,
  insertFailedPayment,
  insertPaymentOnce,
  insertSubscriptionPause,
  isFirstPaymentOf,
  listSubscriptionsOf,
  lockSubscription,
  markPauseResumed,
  moveHeldCreditsExpiry,
  newestLotId,
  recordWebhookEvent,
  releaseSubscribeClaim,
  type SubscriptionRow,
  type SubscriptionWithPlan,
  upsertSubscription,
  webhookEventSeen,
} from './checkout-repository';
import { bookingsBlockedFrom } from './dunning';
import type { PaymentMails } from './payment-mails';
import {
  findScheduledPlanChange,
  insertPlanChange,
  markPlanChangesApplied,
  setSubscriptionPlan,
} from './subscriptions-repository';

// Tokens are granted here and only here, after the gateway's own record of the payment has been read
// and checked: succeeded, in USD, for the amount our server priced, for this learner and plan. The
// payments table's unique provider_ref makes every grant happen once per payment intent or invoice,
// however many requests, webhooks or processes race (DESIGN.md section 6).

const DAY_MS = 24 * 60 * 60 * 1000;
/** Stripe's statuses of a subscription whose renewal has not been paid yet. */
const PAST_DUE: ReadonlySet<string> = new Set(['past_due', 'unpaid']);
type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** The signed-in learner, for the provider's customer record. */
type Buyer = { id: number; email: string; name: string };
export type GrantOutcome = { granted: boolean; payment: UserPayment; balance: number };

function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION', message, { [field]: [message] });
}

function metadataFor(userId: number, plan: TokenPlanRow): CheckoutMetadata {
  return {
    tokenly_user_id: String(userId),
    tokenly_plan_id: String(plan.id),
    tokenly_amount_cents: String(plan.amount),
    tokenly_number_token: String(plan.tokenCredit),
  };
}

/** Our server's metadata, read back as numbers; undefined when the object is not one of our checkouts. */
function readMetadata(metadata: Partial<CheckoutMetadata>) {
  const ids = {
    userId: Number(metadata.tokenly_user_id),
    planId: Number(metadata.tokenly_plan_id),
    amountCents: Number(metadata.tokenly_amount_cents),
  };
  // The club plan grants no tokens: its checkouts carry 0.
  const credits =
    metadata.tokenly_number_token === undefined ? Number.NaN : Number(metadata.tokenly_number_token);
  const valid =
    Object.values(ids).every((value) => Number.isSafeInteger(value) && value > 0) &&
    Number.isSafeInteger(credits) &&
    credits >= 0;
  // A package bought as a gift: its payment pays the gift and grants the buyer nothing.
  const giftId = Number(metadata.tokenly_gift_id);
  return valid
    ? { ...ids, credits, giftId: Number.isSafeInteger(giftId) && giftId > 0 ? giftId : undefined }
    : undefined;
}

const usd = (cents: number) => `${centsToUsd(cents).toFixed(2)} USD`;

function statusOf(value: string): SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value)
    ? (value as SubscriptionStatus)
    : 'incomplete';
}

function toUserPayment(payment: PaymentWithNames): UserPayment {
  const { user: _user, refunded_by: _by, ...row } = toPaymentDto(payment);
  return { ...row, payment_id: payment.providerRef };
}

function toUserSubscription(
  row: SubscriptionWithPlan,
  graceDays: number,
  scheduled: Awaited<ReturnType<typeof findScheduledPlanChange>>,
): UserSubscription {
  return {
    id: row.id,
    token_plan: { id: row.tokenPlanId, token_title: row.tokenTitle, token_credit: row.tokenCredit },
    subscription_id: row.providerRef,
    status: row.status,
    current_period_start: row.currentPeriodStart?.toISOString() ?? null,
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    past_due_since: row.pastDueSince?.toISOString() ?? null,
    next_payment_attempt: row.nextPaymentAttempt?.toISOString() ?? null,
    bookings_blocked_from: row.pastDueSince
      ? bookingsBlockedFrom(row.pastDueSince, graceDays).toISOString()
      : null,
    paused_from: row.pausedFrom?.toISOString() ?? null,
    paused_until: row.pausedUntil?.toISOString() ?? null,
    amount: row.amount,
    scheduled_change: scheduled
      ? {
          token_plan: {
            id: scheduled.plan.id,
            token_title: scheduled.plan.tokenTitle,
            token_credit: scheduled.plan.tokenCredit,
            amount: scheduled.plan.amount,
          },
          takes_effect_at: scheduled.change.takesEffectAt.toISOString(),
        }
      : null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The period a club plan's payment pays for: the invoice's own, or (a provider that does not say) the
 * plan's months of CLUB_MONTH_DAYS from now.
 */
function clubPeriodOf(
  plan: TokenPlanRow,
  subscription: { start: Date | null; end: Date | null } | undefined,
  now: Date,
): { start: Date; end: Date } {
  if (subscription?.end) return { start: subscription.start ?? now, end: subscription.end };
  return { start: now, end: new Date(now.getTime() + (plan.intervalMonths ?? 1) * CLUB_MONTH_DAYS * DAY_MS) };
}

/** The price and token count the client sent must be the plan's; the server never takes them as given. */
function checkPriceAndTokens(
  body: { amount: number; number_token: number },
  expected: { amountCents: number; credits: number },
): void {
  if (usdToCents(body.amount) !== expected.amountCents) {
    throw fieldError('amount', `The amount does not match the price (${usd(expected.amountCents)}).`);
  }
  if (body.number_token !== expected.credits) {
    throw fieldError('number_token', `number_token does not match the plan (${expected.credits} tokens).`);
  }
}

/** The effect of a provider event this service does not handle itself (refunds and disputes). */
export type EventEffectOf = (
  event: GatewayEvent,
) => Promise<((tx: Database) => Promise<unknown>) | undefined>;

export type CheckoutOptions = {
  clock: Clock;
  /** The school's dunning schedule and grace period. */
  settings: SchoolSettingsSource;
  mails: PaymentMails;
  invoices: InvoiceService;
  /** A friend's first paid purchase starts their referral (the friend's bonus, the sponsor's hold). */
  referrals: Pick<ReferralService, 'paymentMade'>;
  /** A package bought as a gift: written when its checkout starts, paid with its payment. */
  gifts: Pick<GiftService, 'prepare' | 'paid'>;
  /** A one-time payment with a promo code: priced, held and redeemed by the promo codes module. */
  promoCodes: Pick<PromoCodesService, 'startIntent' | 'redeem'>;
  otherEvents?: EventEffectOf;
};

export function createCheckoutService(db: Database, gateway: PaymentGateway, options: CheckoutOptions) {
  async function userPaymentOf(tx: Database, paymentId: number, userId: number): Promise<UserPayment> {
    const [row] = await listPayments(tx, { offset: 0, limit: 1, userId, paymentId });
    if (!row) throw new Error(`payment ${paymentId} of user ${userId} cannot be read back`);
    return toUserPayment(row);
  }

  /** Records a payment and grants its tokens, once per provider reference. */
  async function grantOnce(
    tx: Database,
    input: {
      userId: number;
      planId: number;
      providerRef: string;
      amountCents: number;
      credits: number;
      membership: 0 | 1;
      /** The card that paid, for the invoice. */
      card: GatewayCard | null;
      /** A membership's invoice: which subscription (ours) and the period it pays for. */
      subscription?: { id: number; start: Date | null; end: Date | null };
      /** What the receipt says it is for, when the payment itself does not tell (a change of plan). */
      receiptOf?: ReceiptOf;
      /** The gift this payment pays for (ours, from the payment intent's metadata). */
      giftId?: number | undefined;
    },
  ): Promise<GrantOutcome> {
    const plan = await findTokenPlan(tx, input.planId);
    if (!plan) throw new AppError('NOT_FOUND', MESSAGES.paymentPlanGone);
    const { inserted, payment } = await insertPaymentOnce(tx, {
      userId: input.userId,
      tokenPlanId: input.planId,
      provider: gateway.provider,
      providerRef: input.providerRef,
      amount: input.amountCents,
      numberToken: input.credits,
      membership: input.membership,
      status: 'succeeded',
      subscriptionId: input.subscription?.id ?? null,
      startDate: input.subscription?.start ?? null,
      endDate: input.subscription?.end ?? null,
      cardFingerprint: input.card?.fingerprint ?? null,
    });
    if (inserted) {
      const now = nowOf(options.clock);
      const expiresAt = new Date(now.getTime() + plan.tokenExpiry * DAY_MS);
      const of: ReceiptOf =
        input.receiptOf ??
        (!input.subscription
          ? 'one-time'
          : (await isFirstPaymentOf(tx, input.subscription.id, payment.id))
            ? 'first-period'
            : 'renewal');
      if (of === 'renewal' && input.subscription) {
        await rollOver(tx, {
          userId: input.userId,
          subscription: input.subscription,
          planCredits: input.credits,
          now,
        });
      }
      // A gift's payment grants its buyer nothing (no credits, no referral, no Club days, no receipt of
      // tokens): the credits wait for whoever redeems the code.
      const gift = input.giftId !== undefined && (await options.gifts.paid(tx, input.giftId, payment));
      // A club plan's payment grants no tokens (its checkouts carry 0), only its period of pass.
      if (input.credits > 0 && !gift) {
        await grantCredits(tx, {
          userId: input.userId,
          credits: input.credits,
          expiresAt,
          source: input.membership === 1 ? 'subscription' : 'purchase',
          reason: input.membership === 1 ? 'subscription' : 'purchase',
          paymentId: payment.id,
        });
      }
      if (!gift) {
        await options.referrals.paymentMade(tx, { userId: input.userId, paymentId: payment.id, expiresAt });
      }
      // The pass days come with the payment that was just recorded, so once per payment: a club plan's
      // paid period, or the plan's free Club months.
      const passDays = { userId: input.userId, paymentId: payment.id, now };
      if (plan.kind === 'club') {
        await grantClubPeriod(
          tx,
          { ...passDays, period: clubPeriodOf(plan, input.subscription, now) },
          options.mails.clubPass,
        );
      } else if (!gift) {
        await grantPlanClubDays(tx, { ...passDays, clubMonths: plan.clubMonths }, options.mails.clubPass);
      }
      const promo = await options.promoCodes.redeem(tx, input.providerRef, payment.id);
      // The invoice's total is what was charged; its line names the code and what it took off.
      const description = promo
        ? `${plan.tokenTitle} (code ${promo.code}: -${usd(promo.discountCents)})`
        : plan.tokenTitle;
      // Numbered in this transaction: a payment that rolls back takes its invoice number with it.
      await options.invoices.issueInvoice(tx, { payment, description, card: input.card });
      if (!gift) await options.mails.receipt(tx, { payment, plan, of, expiresAt });
    }
    return {
      granted: inserted,
      payment: await userPaymentOf(tx, payment.id, payment.userId),
      balance: await getBalance(tx, payment.userId, nowOf(options.clock)),
    };
  }

  /**
   * What a succeeded one-time payment intent of ours grants, whether the learner's page or the webhook
   * reports it first: its metadata says who bought what, at what price.
   */
  function oneTimeGrantOf(intent: GatewayPaymentIntent) {
    const metadata = readMetadata(intent.metadata);
    if (!metadata) return undefined;
    const paid =
      intent.status === 'succeeded' && intent.currency === CURRENCY && intent.amount === metadata.amountCents;
    if (!paid) return undefined;
    return {
      userId: metadata.userId,
      planId: metadata.planId,
      providerRef: intent.id,
      amountCents: intent.amount,
      credits: metadata.credits,
      membership: 0 as const,
      card: intent.card,
      giftId: metadata.giftId,
    };
  }

  /**
   * A declined card or a failed 3-D Secure step leaves a failed payment with the provider's reason, so the
   * school sees it in Payments; it grants nothing. `ref` is the attempt's own: its payment intent, invoice,
   * or (a subscription refused before any invoice) the card's payment method.
   */
  async function recordFailure(
    tx: Database,
    ref: string,
    attempt: { userId: number; planId: number; amountCents: number; credits: number; membership: 0 | 1 },
    reason: string,
  ): Promise<void> {
    await insertFailedPayment(tx, {
      userId: attempt.userId,
      tokenPlanId: attempt.planId,
      provider: gateway.provider,
      providerRef: ref,
      amount: attempt.amountCents,
      numberToken: attempt.credits,
      membership: attempt.membership,
      failureReason: reason.slice(0, 500),
    });
  }

  /**
   * Keeps our copy of a subscription in step with the gateway's; undefined when it is not ours. Past due,
   * it keeps since when (the first refused try) and the next try, from `invoice` when the event is about
   * the renewal's invoice.
   */
  async function syncSubscription(
    tx: Database,
    subscription: GatewaySubscription,
    invoice?: GatewayInvoice,
  ): Promise<SubscriptionRow | undefined> {
    const metadata = readMetadata(subscription.metadata);
    if (!metadata) return undefined;
    const before = await findSubscriptionByRef(tx, subscription.id);
    const pastDue = PAST_DUE.has(subscription.status);
    const after = await upsertSubscription(tx, {
      userId: metadata.userId,
      tokenPlanId: metadata.planId,
      provider: gateway.provider,
      providerRef: subscription.id,
      status: statusOf(subscription.status),
      // The price our server set when the subscription was sold; kept when the plan's price changes.
      amount: metadata.amountCents,
      currentPeriodStart: subscription.currentPeriodStart,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      pastDueSince: pastDue ? (before?.pastDueSince ?? nowOf(options.clock)) : null,
      nextPaymentAttempt: pastDue
        ? invoice && invoice.status === 'open'
          ? invoice.nextPaymentAttempt
          : (before?.nextPaymentAttempt ?? null)
        : null,
      // The gateway says until when; the renewal it starts at is the one due when it was asked for.
      pausedUntil: subscription.pausedUntil,
      pausedFrom: subscription.pausedUntil
        ? (before?.pausedFrom ?? subscription.currentPeriodEnd ?? nowOf(options.clock))
        : null,
    });
    await options.mails.subscriptionChanged(tx, before, after);
    return after;
  }

  /**
   * A renewal's invoice as the provider reports it (Stripe's invoice.paid and invoice.payment_failed,
   * the demo gateway's renewals and retries): paid, its tokens are granted; refused, it is listed as a
   * failed payment and the learner is told, once per try, until the last try ends the membership.
   */
  async function applyRenewal(
    tx: Database,
    invoice: GatewayInvoice,
    subscription: GatewaySubscription,
  ): Promise<void> {
    const row = await syncSubscription(tx, subscription, invoice);
    if (invoice.status === 'paid') {
      await grantInvoice(tx, invoice, subscription);
      return;
    }
    const metadata = readMetadata(subscription.metadata);
    if (!row || !metadata || !invoice.paymentError) return;
    // A renewal the card refused: listed as failed, with the provider's reason.
    await recordFailure(tx, invoice.id, { ...metadata, membership: 1 }, invoice.paymentError);
    if (PAST_DUE.has(row.status)) {
      await options.mails.renewalFailed(tx, row, {
        invoiceId: invoice.id,
        count: invoice.attemptCount,
        nextTry: invoice.nextPaymentAttempt,
      });
    }
  }

  /**
   * Grants one paid invoice of a subscription: first period or renewal. The invoice must be paid, in
   * USD, for the subscription's price, and belong to that subscription.
   */
  async function grantInvoice(
    tx: Database,
    invoice: GatewayInvoice,
    subscription: GatewaySubscription,
  ): Promise<GrantOutcome | undefined> {
    if (invoice.planChange) return grantPlanChange(tx, invoice, subscription, null);
    const metadata = readMetadata(subscription.metadata);
    const valid =
      metadata !== undefined &&
      invoice.status === 'paid' &&
      invoice.currency === CURRENCY &&
      invoice.subscriptionId === subscription.id &&
      invoice.amountPaid === metadata.amountCents;
    if (!valid) return undefined;
    const ours = await findSubscriptionByRef(tx, subscription.id);
    if (ours && ours.tokenPlanId !== metadata.planId) {
      // The renewal a downgrade waited for: from this period on, the membership is the new plan.
      await setSubscriptionPlan(tx, ours.id, { tokenPlanId: metadata.planId, amount: metadata.amountCents });
      await markPlanChangesApplied(tx, ours.id, nowOf(options.clock));
    }
    return grantOnce(tx, {
      userId: metadata.userId,
      planId: metadata.planId,
      providerRef: invoice.id,
      amountCents: invoice.amountPaid,
      credits: metadata.credits,
      membership: 1,
      card: invoice.card,
      subscription: ours && { id: ours.id, start: invoice.periodStart, end: invoice.periodEnd },
    });
  }

  /**
   * The invoice of an upgrade: the difference for the rest of the period, paid at once. Its credits are
   * the plans' difference for the rest of the period, as the preview showed them (in the subscription's
   * metadata since the change), granted once per invoice, whether our own call or the provider's webhook
   * reports it first.
   */
  async function grantPlanChange(
    tx: Database,
    invoice: GatewayInvoice,
    subscription: GatewaySubscription,
    createdBy: number | null,
  ): Promise<GrantOutcome | undefined> {
    const metadata = readMetadata(subscription.metadata);
    const previous = {
      planId: Number(subscription.metadata.tokenly_previous_plan_id),
      credits: Number(subscription.metadata.tokenly_previous_number_token),
      changeCredits: Number(subscription.metadata.tokenly_change_credits),
    };
    const ours = await findSubscriptionByRef(tx, subscription.id);
    const valid =
      metadata !== undefined &&
      ours !== undefined &&
      Number.isSafeInteger(previous.planId) &&
      previous.planId > 0 &&
      Number.isSafeInteger(previous.credits) &&
      Number.isSafeInteger(previous.changeCredits) &&
      invoice.status === 'paid' &&
      invoice.currency === CURRENCY &&
      invoice.subscriptionId === subscription.id;
    if (!valid) return undefined;
    const now = nowOf(options.clock);
    const credits = Math.min(
      Math.max(0, previous.changeCredits),
      Math.max(0, metadata.credits - previous.credits),
    );
    const recorded = await insertPlanChange(tx, {
      subscriptionId: ours.id,
      fromPlanId: previous.planId,
      toPlanId: metadata.planId,
      kind: 'upgrade',
      amount: invoice.amountPaid,
      credits,
      takesEffectAt: invoice.periodStart ?? now,
      providerRef: invoice.id,
      appliedAt: now,
      createdBy,
      createdAt: now,
    });
    // Only when first reported: a late replay must not undo a change made since (a downgrade after it).
    if (recorded) {
      await setSubscriptionPlan(tx, ours.id, { tokenPlanId: metadata.planId, amount: metadata.amountCents });
    }
    return grantOnce(tx, {
      userId: metadata.userId,
      planId: metadata.planId,
      providerRef: invoice.id,
      amountCents: invoice.amountPaid,
      credits,
      membership: 1,
      card: invoice.card,
      subscription: { id: ours.id, start: invoice.periodStart, end: invoice.periodEnd },
      receiptOf: 'plan-change',
    });
  }

  /**
   * The school's rollover at a renewal: the membership's unused credits, up to the cap in periods' worth
   * of its credits, last one period longer (the renewal's own period).
   */
  async function rollOver(
    tx: Database,
    input: {
      userId: number;
      subscription: { id: number; start: Date | null; end: Date | null };
      planCredits: number;
      now: Date;
    },
  ): Promise<void> {
    const school = await options.settings.current(tx);
    const { start, end } = input.subscription;
    if (!school.rolloverEnabled || !start || !end) return;
    await rollOverCredits(tx, {
      userId: input.userId,
      subscriptionId: input.subscription.id,
      cap: school.rolloverCapPeriods * input.planCredits,
      extendMs: end.getTime() - start.getTime(),
      now: input.now,
    });
  }

  async function subscriptionResult(userId: number, subscription: GatewaySubscription) {
    const invoice = subscription.latestInvoice;
    const outcome = await db.transaction(async (tx) => {
      const row = await syncSubscription(tx, subscription);
      if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', MESSAGES.subscriptionNotFound);
      const grant = invoice ? await grantInvoice(tx, invoice, subscription) : undefined;
      return { row, granted: grant?.granted ?? false };
    });
    const metadata = readMetadata(subscription.metadata);
    if (!outcome.granted && invoice?.paymentError && metadata) {
      await recordFailure(db, invoice.id, { ...metadata, membership: 1 }, invoice.paymentError);
    }
    const withPlan = await userSubscriptionOf(userId, outcome.row.id);
    const active = subscription.status === 'active' || subscription.status === 'trialing';
    return {
      status: active ? ('success' as const) : ('incomplete' as const),
      client_secret: active ? null : (invoice?.clientSecret ?? null),
      subscription: withPlan,
      granted: outcome.granted,
      balance: await getBalance(db, userId, nowOf(options.clock)),
    };
  }

  async function userSubscriptionOf(userId: number, id: number): Promise<UserSubscription> {
    const [withPlan] = await listSubscriptionsOf(db, userId, { subscriptionId: id });
    if (!withPlan) throw new Error(`subscription ${id} cannot be read back`);
    return toUserSubscription(
      withPlan,
      (await options.settings.current()).dunningGraceDays,
      await findScheduledPlanChange(db, id),
    );
  }

  async function ownSubscription(userId: number, id: number): Promise<SubscriptionRow> {
    const row = await findSubscription(db, id);
    if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', MESSAGES.subscriptionNotFound);
    return row;
  }

  /** Plan by id, or by its exact title when only SPEC.md's `product` is sent; only plans on sale. */
  async function planOnSale(body: PaymentIntentBody): Promise<TokenPlanRow> {
    if (body.user_credit_token_id !== undefined) {
      const plan = await findActiveTokenPlan(db, body.user_credit_token_id);
      if (!plan) throw new AppError('NOT_FOUND', MESSAGES.packageNotOnSale);
      return plan;
    }
    const title = body.product ?? '';
    const plans = await findActiveTokenPlansByTitle(db, title, 2);
    const [plan] = plans;
    if (!plan) throw fieldError('product', 'No package on sale has this title.');
    if (plans.length > 1)
      throw fieldError('product', 'Several packages have this title; send user_credit_token_id.');
    return plan;
  }

  return {
    config(): PaymentConfig {
      return { provider: gateway.provider, publishable_key: gateway.publishableKey, currency: CURRENCY };
    },

    /** POST payment/intent: the amount is the plan's; a different one is refused, never charged. */
    async createIntent(buyer: Buyer, body: PaymentIntentBody) {
      const plan = await planOnSale(body);
      // Its pass runs from period to period: there is nothing a single payment of it could buy.
      if (plan.kind === 'club') {
        throw fieldError('user_credit_token_id', MESSAGES.clubPlanSubscriptionOnly);
      }
      if (body.promo_code === undefined && body.amount !== plan.amount) {
        throw fieldError(
          'amount',
          `The amount does not match the price of this package (${usd(plan.amount)}).`,
        );
      }
      // Written before its payment, which names it; checked by the gift's own rules (a package, a day ahead).
      const giftId = body.gift && (await options.gifts.prepare(buyer, plan, body.gift));
      const start = (amount: number, extra: Record<string, string> = {}) =>
        gateway.createPaymentIntent({
          amount,
          description: `${plan.tokenTitle}: ${plan.tokenCredit} tokens`,
          metadata: {
            ...metadataFor(buyer.id, plan),
            tokenly_amount_cents: String(amount),
            ...extra,
            ...(giftId !== undefined && { tokenly_gift_id: String(giftId) }),
          },
          userId: buyer.id,
        });
      // With a code, the promo codes module prices the payment, holds one use of the code and starts it.
      const intent =
        body.promo_code === undefined
          ? await start(plan.amount)
          : await options.promoCodes.startIntent(
              buyer.id,
              plan,
              body.promo_code,
              body.amount,
              start,
              // A gift is a new one each time: an open payment for another gift, or for the buyer, buys another thing.
              (open) => open.metadata.tokenly_gift_id === (giftId === undefined ? undefined : String(giftId)),
            );
      if (!intent.clientSecret) throw new Error(`payment intent ${intent.id} came without a client secret`);
      return {
        payment_id: intent.id,
        clientSecret: intent.clientSecret,
        amount: intent.amount,
        currency: CURRENCY,
      };
    },

    /** POST one-time-payment: grants only what the gateway confirms was paid, by this learner, once. */
    async recordOneTimePayment(userId: number, body: OneTimePaymentBody): Promise<GrantOutcome> {
      const intent = await gateway.retrievePaymentIntent(body.payment_id);
      const metadata = intent ? readMetadata(intent.metadata) : undefined;
      if (!intent || !metadata) throw fieldError('payment_id', MESSAGES.paymentNotVerified);
      if (metadata.userId !== userId) throw fieldError('payment_id', MESSAGES.paymentNotYours);
      if (metadata.planId !== body.user_credit_token_id) {
        throw fieldError('user_credit_token_id', MESSAGES.paymentForOtherPackage);
      }
      checkPriceAndTokens(body, metadata);
      if (intent.status !== 'succeeded') {
        // Declined, or the bank's step failed: recorded as such; merely unpaid yet: nothing to record.
        if (intent.errorMessage) {
          await recordFailure(db, intent.id, { ...metadata, membership: 0 }, intent.errorMessage);
        }
        throw new AppError('PAYMENT_FAILED', intent.errorMessage ?? MESSAGES.paymentNotCompleted);
      }
      const paid = oneTimeGrantOf(intent);
      if (!paid) throw fieldError('payment_id', MESSAGES.paymentNotVerified);
      return db.transaction((tx) => grantOnce(tx, paid));
    },

    /** POST subscription: charges the first period now; incomplete when the card needs 3-D Secure. */
    async subscribe(buyer: Buyer, body: SubscriptionBody) {
      const plan = await findActiveTokenPlan(db, body.user_credit_token_id);
      if (!plan) throw new AppError('NOT_FOUND', MESSAGES.planNotOnSale);
      checkPriceAndTokens(body, { amountCents: plan.amount, credits: plan.tokenCredit });
      if (!(await claimSubscribe(db, buyer.id, plan.id))) {
        throw new AppError('CONFLICT', MESSAGES.subscriptionBeingSetUp);
      }
      try {
        if (await findRunningSubscription(db, buyer.id, plan.id)) {
          throw new AppError('CONFLICT', MESSAGES.alreadySubscribed);
        }
        const subscription = await gateway
          .createSubscription({
            customer: { userId: buyer.id, email: buyer.email, name: buyer.name },
            paymentMethodId: body.payment_method,
            plan: {
              id: plan.id,
              title: plan.tokenTitle,
              amountCents: plan.amount,
              intervalMonths: plan.intervalMonths ?? 1,
            },
            metadata: metadataFor(buyer.id, plan),
          })
          .catch(async (error: unknown) => {
            if (!(error instanceof GatewayCardError)) throw error;
            const attempt = {
              userId: buyer.id,
              planId: plan.id,
              credits: plan.tokenCredit,
              membership: 1 as const,
            };
            await recordFailure(
              db,
              body.payment_method,
              { ...attempt, amountCents: plan.amount },
              error.message,
            );
            throw new AppError('PAYMENT_FAILED', error.message);
          });
        // Stored before the claim goes, so the next call's "already subscribed" check sees it.
        return await subscriptionResult(buyer.id, subscription);
      } finally {
        await releaseSubscribeClaim(db, buyer.id, plan.id);
      }
    },

    /** POST confirm-subscription/{id}: after 3-D Secure in the browser, reads the result and grants. */
    async confirmSubscription(userId: number, id: number) {
      const row = await ownSubscription(userId, id);
      const subscription = await gateway.retrieveSubscription(row.providerRef);
      if (!subscription) throw new AppError('NOT_FOUND', MESSAGES.subscriptionNotFound);
      return subscriptionResult(userId, subscription);
    },

    /**
     * POST cancel-subscription/{id} (the learner's own) and admin-subscription/{id}/cancel (any, with a
     * reason the audit log keeps): no further renewals; the paid period runs to its end.
     */
    async cancelSubscription(
      actor: { userId: number; admin: boolean },
      id: number,
    ): Promise<UserSubscription> {
      const row = await findSubscription(db, id);
      if (!row || (!actor.admin && row.userId !== actor.userId)) {
        throw new AppError('NOT_FOUND', MESSAGES.subscriptionNotFound);
      }
      if (row.status === 'canceled' || row.status === 'incomplete_expired' || row.status === 'unpaid') {
        throw new AppError('CONFLICT', MESSAGES.subscriptionEnded);
      }
      if (!row.cancelAtPeriodEnd) {
        const subscription = await gateway.cancelAtPeriodEnd(row.providerRef);
        await db.transaction((tx) => syncSubscription(tx, subscription));
      }
      return userSubscriptionOf(row.userId, id);
    },

    /**
     * POST update-subscription-card/{id}: renews with the new card from now on; a past-due renewal is
     * tried with it at once, and its result applied as the provider's event would be. A card refused
     * for it is a 402 with the provider's reason, the membership staying past due.
     */
    async updateCard(buyer: Buyer, id: number, body: UpdateSubscriptionCardBody): Promise<UserSubscription> {
      const row = await ownSubscription(buyer.id, id);
      if (row.status === 'canceled' || row.status === 'incomplete_expired') {
        throw new AppError('CONFLICT', MESSAGES.subscriptionEnded);
      }
      const subscription = await gateway
        .updatePaymentMethod(row.providerRef, {
          customer: { userId: buyer.id, email: buyer.email, name: buyer.name },
          paymentMethodId: body.payment_method,
        })
        .catch((error: unknown) => {
          if (error instanceof GatewayCardError) throw new AppError('PAYMENT_FAILED', error.message);
          throw error;
        });
      const invoice = subscription.latestInvoice;
      await db.transaction(async (tx) => {
        if (invoice && PAST_DUE.has(row.status)) await applyRenewal(tx, invoice, subscription);
        else await syncSubscription(tx, subscription);
      });
      if (PAST_DUE.has(subscription.status) && invoice?.paymentError) {
        throw new AppError('PAYMENT_FAILED', invoice.paymentError);
      }
      return userSubscriptionOf(buyer.id, id);
    },

    async listSubscriptions(userId: number): Promise<UserSubscription[]> {
      const { dunningGraceDays } = await options.settings.current();
      const rows = await listSubscriptionsOf(db, userId);
      return Promise.all(
        rows.map(async (row) =>
          toUserSubscription(row, dunningGraceDays, await findScheduledPlanChange(db, row.id)),
        ),
      );
    },

    /**
     * POST pause-subscription/{id} (the learner, within the school's limits) and the administrator's
     * admin-subscription/{id}/pause (any running membership, with a reason the audit log keeps): from
     * the next renewal, `months` billing months without charge or tokens. The credits held keep their
     * expiry moved on by the pause when the school says so.
     */
    async pause(
      actor: { userId: number; admin: boolean },
      id: number,
      months: number,
      reason?: string,
    ): Promise<UserSubscription> {
      const row = await findSubscription(db, id);
      if (!row || (!actor.admin && row.userId !== actor.userId)) {
        throw new AppError('NOT_FOUND', MESSAGES.subscriptionNotFound);
      }
      if (row.status !== 'active' || row.cancelAtPeriodEnd || !row.currentPeriodEnd) {
        throw new AppError('CONFLICT', MESSAGES.pauseNotRunning);
      }
      if (row.pausedUntil) throw new AppError('CONFLICT', MESSAGES.pauseAlreadyPlanned);
      const now = nowOf(options.clock);
      const school = await options.settings.current();
      if (!actor.admin) {
        if (!school.pauseAllowed) throw new AppError('CONFLICT', MESSAGES.pauseOff);
        if (months > school.pauseMaxMonths) {
          throw AppError.of('CONFLICT', 'pauseTooLong', { max: school.pauseMaxMonths });
        }
        const yearAgo = new Date(now.getTime() - 365 * DAY_MS);
        if ((await countPausesSince(db, row.id, yearAgo)) >= school.pauseTimesPerYear) {
          throw AppError.of('CONFLICT', 'pauseLimitReached', { times: school.pauseTimesPerYear });
        }
      }
      const from = row.currentPeriodEnd;
      // Calendar months, as Stripe bills them.
      const until = periodEnd(from, { months });
      const subscription = await gateway.pauseCollection(row.providerRef, until);
      await db.transaction(async (tx) => {
        // Two pauses sent at once both passed the checks above: the second finds the first here.
        await lockSubscription(tx, row.id);
        if (await findOpenPause(tx, row.id)) throw new AppError('CONFLICT', MESSAGES.pauseAlreadyPlanned);
        await syncSubscription(tx, subscription);
        const extendedMs = school.pauseExtendsCredits ? until.getTime() - from.getTime() : 0;
        const heldLotId = await newestLotId(tx, row.userId);
        if (extendedMs > 0 && heldLotId !== null) {
          await moveHeldCreditsExpiry(tx, {
            userId: row.userId,
            subscriptionId: row.id,
            ms: extendedMs,
            now,
            upToLotId: heldLotId,
          });
        }
        await insertSubscriptionPause(tx, {
          subscriptionId: row.id,
          months,
          startsAt: from,
          endsAt: until,
          extendedMs,
          heldLotId,
          createdBy: actor.userId,
          reason: reason ?? null,
          createdAt: now,
        });
      });
      return userSubscriptionOf(row.userId, id);
    },

    /**
     * POST resume-subscription/{id} and admin-subscription/{id}/resume: the pause ends now, so the next
     * renewal charges. The credits' expiry gives back the part of the pause that was not taken.
     */
    async resume(actor: { userId: number; admin: boolean }, id: number): Promise<UserSubscription> {
      const row = await findSubscription(db, id);
      if (!row || (!actor.admin && row.userId !== actor.userId)) {
        throw new AppError('NOT_FOUND', MESSAGES.subscriptionNotFound);
      }
      if (!row.pausedUntil || !row.pausedFrom) throw new AppError('CONFLICT', MESSAGES.notPaused);
      const now = nowOf(options.clock);
      const subscription = await gateway.pauseCollection(row.providerRef, null);
      await db.transaction(async (tx) => {
        const pause = await findOpenPause(tx, row.id);
        await syncSubscription(tx, subscription);
        if (!pause) return;
        await markPauseResumed(tx, pause.id, now);
        // Billing starts again at the next renewal: the pause's start if it had not begun.
        const restart = now < pause.startsAt ? pause.startsAt : (subscription.currentPeriodEnd ?? now);
        const untaken = Math.min(pause.extendedMs, Math.max(0, pause.endsAt.getTime() - restart.getTime()));
        if (untaken > 0 && pause.heldLotId !== null) {
          await moveHeldCreditsExpiry(tx, {
            userId: row.userId,
            subscriptionId: row.id,
            ms: -untaken,
            now,
            upToLotId: pause.heldLotId,
          });
        }
      });
      return userSubscriptionOf(row.userId, id);
    },

    /** The days after a refused renewal on which the card is tried again (the demo gateway's schedule). */
    async dunningRetryDays(tx: Database): Promise<number[]> {
      return dunningRetryDays((await options.settings.current(tx)).dunningRetryDays);
    },

    /** SPEC.md "User 'Payment List'": the learner's own payments, newest first. */
    async listPayments(userId: number, page: number): Promise<Paginated<UserPayment>> {
      const [rows, total] = await Promise.all([
        listPaymentsOfLearner(db, userId, { offset: pageOffset(page) }),
        countPayments(db, userId),
      ]);
      return toPage(rows.map(toUserPayment), total, page);
    },

    /**
     * Applies a verified provider event once. The event says only what changed; the object itself is
     * read again from the gateway, so a stale or replayed payload changes nothing.
     */
    async handleEvent(event: GatewayEvent): Promise<{ duplicate: boolean }> {
      if (await webhookEventSeen(db, event.id)) return { duplicate: true };
      const apply = await loadEventEffect(event);
      const applied = await db.transaction(async (tx) => {
        if (!(await recordWebhookEvent(tx, event))) return false;
        await apply(tx);
        return true;
      });
      return { duplicate: !applied };
    },

    syncSubscription,
    grantInvoice,
    grantPlanChange,
    applyRenewal,
    userSubscriptionOf,
  };

  /** Reads what the event is about from the gateway (outside any transaction) and returns its effect. */
  async function loadEventEffect(event: GatewayEvent): Promise<(tx: Database) => Promise<unknown>> {
    const nothing = async () => undefined;
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intent = await gateway.retrievePaymentIntent(event.objectId);
        const paid = intent ? oneTimeGrantOf(intent) : undefined;
        if (!paid) return nothing;
        return (tx) => grantOnce(tx, paid);
      }
      case 'payment_intent.payment_failed': {
        const intent = await gateway.retrievePaymentIntent(event.objectId);
        const metadata = intent ? readMetadata(intent.metadata) : undefined;
        if (!intent || !metadata || intent.status === 'succeeded' || !intent.errorMessage) return nothing;
        const reason = intent.errorMessage;
        return (tx) => recordFailure(tx, intent.id, { ...metadata, membership: 0 }, reason);
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = await gateway.retrieveInvoice(event.objectId);
        const subscription = invoice?.subscriptionId
          ? await gateway.retrieveSubscription(invoice.subscriptionId)
          : null;
        if (!invoice || !subscription) return nothing;
        return (tx) => applyRenewal(tx, invoice, subscription);
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = await gateway.retrieveSubscription(event.objectId);
        if (!subscription) return nothing;
        return (tx) => syncSubscription(tx, subscription);
      }
      default:
        return (await options.otherEvents?.(event)) ?? nothing;
    }
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
