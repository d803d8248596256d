import type { DemoIntentState } from '@tokenly/contract/checkout';
import { MESSAGES } from '@tokenly/contract/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import {
  CURRENCY,
  type GatewayCard,
  GatewayCardError,
  type GatewayPaymentIntent,
  GatewayRefundError,
  GatewaySignatureError,
  type NewPaymentIntent,
  type NewSubscription,
  type PaymentGateway,
} from '../payment-gateways/payment-gateway';
import { billingPeriods, periodEnd } from './billing-period';
import {
  AUTHENTICATION_FAILED,
  asksForAuthentication,
  attaches,
  chargeError,
  checkDemoCard,
  type DemoCard,
  type DemoPaymentError,
  demoCardFingerprint,
} from './demo-cards';
import {
  cardOfIntent,
  type DemoObject,
  newClientSecret,
  newId,
  newRefundId,
  type PaymentIntentData,
  readInvoice,
  readObject,
  readSubscription,
  writeObject,
} from './demo-gateway-repository';
import { chargeInvoice, demoStripeSide } from './demo-renewals';

// The demo gateway keeps Stripe's objects (demo-gateway-repository.ts) and walks them through Stripe's
// state machine, so that a school without Stripe keys can take the whole checkout, 3-D Secure step and
// renewals included, with no network.

const intentIdOfSecret = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

function toIntent(
  id: string,
  data: PaymentIntentData,
  card: GatewayCard | null = null,
): GatewayPaymentIntent {
  return {
    id,
    status: data.status,
    amount: data.amount,
    currency: data.currency,
    clientSecret: data.client_secret,
    metadata: data.metadata,
    errorMessage: data.error_message,
    card,
  };
}

function toIntentState(id: string, data: PaymentIntentData): DemoIntentState {
  return { id, status: data.status, error_message: data.error_message, error_code: data.error_code ?? null };
}

/** Where a payment stands once the card has been charged (or refused), with Stripe's message and code. */
function charged(
  error: DemoPaymentError | null,
): Pick<PaymentIntentData, 'status' | 'error_message' | 'error_code'> {
  return error
    ? { status: 'requires_payment_method', error_message: error.message, error_code: error.code }
    : { status: 'succeeded', error_message: null, error_code: null };
}

export type DemoGateway = PaymentGateway &
  ReturnType<typeof browserCalls> &
  ReturnType<typeof demoStripeSide>;

/**
 * `periodMinutes` shortens every billing period, so a demo school sees renewals within minutes. What the
 * gateway stamps (a period's start, a refund's time) reads the app's clock.
 */
export function createDemoGateway(
  db: Database,
  options: { clock: Clock; periodMinutes?: number | undefined },
): DemoGateway {
  const { clock } = options;
  const period = billingPeriods(options.periodMinutes);

  const gateway: PaymentGateway = {
    provider: 'demo',
    publishableKey: null,

    async createPaymentIntent(input: NewPaymentIntent) {
      const id = newId('payment_intent');
      const data: PaymentIntentData = {
        amount: input.amount,
        currency: CURRENCY,
        status: 'requires_payment_method',
        client_secret: newClientSecret(id),
        metadata: input.metadata,
        error_message: null,
        payment_method: null,
        invoice: null,
      };
      await writeObject(db, 'payment_intent', { id, userId: input.userId, data });
      return toIntent(id, data);
    },

    async retrievePaymentIntent(id) {
      const intent = await readObject(db, 'payment_intent', id);
      return intent ? toIntent(intent.id, intent.data, await cardOfIntent(db, intent.data)) : null;
    },

    async cancelPaymentIntent(id) {
      return db.transaction(async (tx) => {
        const intent = await readObject(tx, 'payment_intent', id, { forUpdate: true });
        if (!intent) return null;
        if (intent.data.status === 'succeeded' || intent.data.status === 'canceled') {
          return toIntent(intent.id, intent.data);
        }
        const data: PaymentIntentData = { ...intent.data, status: 'canceled' };
        await writeObject(tx, 'payment_intent', { ...intent, data });
        return toIntent(intent.id, data);
      });
    },

    async createSubscription(input: NewSubscription) {
      const method = await readObject(db, 'payment_method', input.paymentMethodId);
      if (!method || method.userId !== input.customer.userId) {
        throw new GatewayCardError(MESSAGES.paymentMethodMissing);
      }
      // The first invoice is paid at once, refused at once, or waits for the bank's step in the browser.
      const { behaviour } = method.data;
      const challenge = asksForAuthentication(behaviour);
      const refusal = challenge ? null : chargeError(behaviour);
      if (refusal) throw new GatewayCardError(refusal.message);
      const paid = !challenge;
      const now = nowOf(clock);
      const ids = {
        subscription: newId('subscription'),
        invoice: newId('invoice'),
        intent: newId('payment_intent'),
      };
      const userId = input.customer.userId;
      return db.transaction(async (tx) => {
        await writeObject(tx, 'subscription', {
          id: ids.subscription,
          userId,
          data: {
            status: paid ? 'active' : 'incomplete',
            metadata: input.metadata,
            interval_months: input.plan.intervalMonths,
            payment_method: method.id,
            current_period_start: now.toISOString(),
            current_period_end: periodEnd(now, period(input.plan.intervalMonths)).toISOString(),
            cancel_at_period_end: false,
            latest_invoice: ids.invoice,
          },
        });
        await writeObject(tx, 'payment_intent', {
          id: ids.intent,
          userId,
          data: {
            amount: input.plan.amountCents,
            currency: CURRENCY,
            status: paid ? 'succeeded' : 'requires_action',
            client_secret: newClientSecret(ids.intent),
            metadata: {},
            error_message: null,
            payment_method: method.id,
            invoice: ids.invoice,
          },
        });
        await writeObject(tx, 'invoice', {
          id: ids.invoice,
          userId,
          data: {
            status: paid ? 'paid' : 'open',
            amount_due: input.plan.amountCents,
            amount_paid: paid ? input.plan.amountCents : 0,
            currency: CURRENCY,
            subscription: ids.subscription,
            period_start: now.toISOString(),
            period_end: periodEnd(now, period(input.plan.intervalMonths)).toISOString(),
            payment_intent: ids.intent,
          },
        });
        const subscription = await readSubscription(tx, ids.subscription);
        if (!subscription) throw new Error('demo subscription vanished inside its own transaction');
        return subscription;
      });
    },

    retrieveSubscription: (id) => readSubscription(db, id),
    retrieveInvoice: (id) => readInvoice(db, id),

    async cancelAtPeriodEnd(id) {
      return db.transaction(async (tx) => {
        const subscription = await readObject(tx, 'subscription', id, { forUpdate: true });
        if (!subscription) throw new AppError('NOT_FOUND', MESSAGES.subscriptionNotFound);
        await writeObject(tx, 'subscription', {
          ...subscription,
          data: { ...subscription.data, cancel_at_period_end: true },
        });
        const updated = await readSubscription(tx, id);
        if (!updated) throw new Error('demo subscription vanished inside its own transaction');
        return updated;
      });
    },

    async pauseCollection(id, resumesAt) {
      return db.transaction(async (tx) => {
        const subscription = await readObject(tx, 'subscription', id, { forUpdate: true });
        if (!subscription) throw new AppError('NOT_FOUND', MESSAGES.subscriptionNotFound);
        const pause = resumesAt ? { resumes_at: resumesAt.toISOString() } : null;
        await writeObject(tx, 'subscription', {
          ...subscription,
          data: { ...subscription.data, pause_collection: pause },
        });
        const updated = await readSubscription(tx, id);
        if (!updated) throw new Error('demo subscription vanished inside its own transaction');
        return updated;
      });
    },

    /**
     * Stripe's subscription update with a new price: prorated, an invoice of the difference for the rest of
     * the period is charged with the subscription's card at once (a refusal changes nothing, as Stripe's
     * error_if_incomplete); otherwise the next renewal charges the new price (its metadata's).
     */
    async changePlan(id, input) {
      return db.transaction(async (tx) => {
        const subscription = await readObject(tx, 'subscription', id, { forUpdate: true });
        if (!subscription) throw new AppError('NOT_FOUND', MESSAGES.subscriptionNotFound);
        let latestInvoice = subscription.data.latest_invoice;
        if (input.prorate) {
          const method = await readObject(tx, 'payment_method', subscription.data.payment_method);
          const refusal = method ? chargeError(method.data.behaviour) : { message: MESSAGES.cardDeclined };
          if (refusal) throw new GatewayCardError(refusal.message);
          const ids = { invoice: newId('invoice'), intent: newId('payment_intent') };
          const amount = input.prorate.expectedCents;
          await writeObject(tx, 'payment_intent', {
            id: ids.intent,
            userId: subscription.userId,
            data: {
              amount,
              currency: CURRENCY,
              status: 'succeeded',
              client_secret: newClientSecret(ids.intent),
              metadata: {},
              error_message: null,
              payment_method: subscription.data.payment_method,
              invoice: ids.invoice,
            },
          });
          await writeObject(tx, 'invoice', {
            id: ids.invoice,
            userId: subscription.userId,
            data: {
              status: 'paid',
              amount_due: amount,
              amount_paid: amount,
              currency: CURRENCY,
              subscription: id,
              period_start: input.prorate.at.toISOString(),
              period_end: subscription.data.current_period_end,
              payment_intent: ids.intent,
              billing_reason: 'subscription_update',
            },
          });
          latestInvoice = ids.invoice;
        }
        await writeObject(tx, 'subscription', {
          ...subscription,
          data: { ...subscription.data, metadata: input.metadata, latest_invoice: latestInvoice },
        });
        const updated = await readSubscription(tx, id);
        if (!updated) throw new Error('demo subscription vanished inside its own transaction');
        return updated;
      });
    },

    /** Stripe's default payment method of a subscription; a past-due renewal is charged with it at once. */
    async updatePaymentMethod(id, input) {
      const method = await readObject(db, 'payment_method', input.paymentMethodId);
      if (!method || method.userId !== input.customer.userId) {
        throw new GatewayCardError(MESSAGES.paymentMethodMissing);
      }
      if (!attaches(method.data.behaviour)) {
        throw new GatewayCardError(chargeError(method.data.behaviour)?.message ?? MESSAGES.cardDeclined);
      }
      return db.transaction(async (tx) => {
        const subscription = await readObject(tx, 'subscription', id, { forUpdate: true });
        if (!subscription) throw new AppError('NOT_FOUND', MESSAGES.subscriptionNotFound);
        const updated = { ...subscription, data: { ...subscription.data, payment_method: method.id } };
        await writeObject(tx, 'subscription', updated);
        const invoice = await readObject(tx, 'invoice', subscription.data.latest_invoice, {
          forUpdate: true,
        });
        if (subscription.data.status === 'past_due' && invoice?.data.status === 'open') {
          await chargeInvoice(tx, invoice, updated, { retryDays: [], counts: false });
        }
        const read = await readSubscription(tx, id);
        if (!read) throw new Error('demo subscription vanished inside its own transaction');
        return read;
      });
    },

    /** Recorded on the payment intent the payment (or its invoice) was paid with, like Stripe's charge. */
    async refund(input, within) {
      return within.transaction(async (tx) => {
        const invoice = input.paymentRef.startsWith('in_')
          ? await readObject(tx, 'invoice', input.paymentRef)
          : undefined;
        const intentId = invoice ? invoice.data.payment_intent : input.paymentRef;
        const intent = await readObject(tx, 'payment_intent', intentId, { forUpdate: true });
        if (intent?.data.status !== 'succeeded') {
          throw new GatewayRefundError('This payment has no charge that can be refunded.');
        }
        const refunds = intent.data.refunds ?? [];
        const again = refunds.find((refund) => refund.idempotency_key === input.idempotencyKey);
        if (again) return { id: again.id, amount: again.amount };
        const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
        if (refunded + input.amount > intent.data.amount) {
          throw new GatewayRefundError('The refund is more than what remains of the charge.');
        }
        const refund = {
          id: newRefundId(),
          amount: input.amount,
          idempotency_key: input.idempotencyKey,
          created: nowOf(clock).toISOString(),
        };
        await writeObject(tx, 'payment_intent', {
          ...intent,
          data: { ...intent.data, refunds: [...refunds, refund] },
        });
        return { id: refund.id, amount: refund.amount };
      });
    },

    // The demo gateway sends no webhooks, so no event ever asks for these.
    retrieveCharge: async () => null,
    retrieveDispute: async () => null,

    verifyWebhook() {
      throw new GatewaySignatureError('Webhooks come from Stripe; the demo gateway sends none.');
    },
  };

  return Object.assign(gateway, browserCalls(db, clock), demoStripeSide(db, period));
}

/** The calls Stripe.js makes in the browser: a card, its payment, and the bank's 3-D Secure step. */
function browserCalls(db: Database, clock: Clock) {
  /** A payment that has succeeded pays its invoice, which makes an incomplete subscription active. */
  async function settle(tx: Database, intent: DemoObject<'payment_intent'>) {
    if (intent.data.status !== 'succeeded' || !intent.data.invoice) return;
    const invoice = await readObject(tx, 'invoice', intent.data.invoice, { forUpdate: true });
    if (!invoice || invoice.data.status === 'paid') return;
    await writeObject(tx, 'invoice', {
      ...invoice,
      data: { ...invoice.data, status: 'paid', amount_paid: invoice.data.amount_due },
    });
    const subscription = await readObject(tx, 'subscription', invoice.data.subscription, { forUpdate: true });
    if (subscription?.data.status === 'incomplete') {
      await writeObject(tx, 'subscription', {
        ...subscription,
        data: { ...subscription.data, status: 'active' },
      });
    }
  }

  async function lockIntent(tx: Database, userId: number, clientSecret: string) {
    const intent = await readObject(tx, 'payment_intent', intentIdOfSecret(clientSecret), {
      forUpdate: true,
    });
    if (!intent || intent.userId !== userId || intent.data.client_secret !== clientSecret) {
      throw new AppError('NOT_FOUND', MESSAGES.paymentMissing);
    }
    return intent;
  }

  return {
    /** Stripe's createPaymentMethod: checks the card and remembers how the demo treats it. */
    async createPaymentMethod(userId: number, card: DemoCard) {
      const check = checkDemoCard(card, nowOf(clock));
      if (!check.ok) throw new AppError('VALIDATION', check.message, { [check.field]: [check.message] });
      const id = newId('payment_method');
      await writeObject(db, 'payment_method', {
        id,
        userId,
        data: {
          behaviour: check.behaviour,
          brand: check.brand,
          last4: check.last4,
          fingerprint: demoCardFingerprint(card.number),
        },
      });
      return { id, brand: check.brand, last4: check.last4 };
    },

    /** Stripe's confirmCardPayment: charges the card, or asks for authentication first. */
    async confirmCardPayment(userId: number, clientSecret: string, paymentMethodId?: string) {
      return db.transaction(async (tx): Promise<DemoIntentState> => {
        const intent = await lockIntent(tx, userId, clientSecret);
        if (intent.data.status === 'succeeded' || intent.data.status === 'canceled') {
          return toIntentState(intent.id, intent.data);
        }
        const methodId = paymentMethodId ?? intent.data.payment_method;
        const method = methodId ? await readObject(tx, 'payment_method', methodId) : undefined;
        if (!method || method.userId !== userId) {
          throw new AppError('VALIDATION', MESSAGES.cardDetailsRequired, {
            payment_method: [MESSAGES.cardDetailsRequired],
          });
        }
        const { behaviour } = method.data;
        // A card that has authenticated this payment once is not asked again when it is re-confirmed.
        const next: PaymentIntentData = {
          ...intent.data,
          payment_method: method.id,
          ...(asksForAuthentication(behaviour)
            ? { status: 'requires_action', error_message: null, error_code: null }
            : charged(chargeError(behaviour))),
        };
        const updated = { ...intent, data: next };
        await writeObject(tx, 'payment_intent', updated);
        await settle(tx, updated);
        return toIntentState(intent.id, next);
      });
    },

    /** The bank's 3-D Secure page: the cardholder approves, or authentication fails. */
    async authenticate(userId: number, clientSecret: string, approve: boolean) {
      return db.transaction(async (tx): Promise<DemoIntentState> => {
        const intent = await lockIntent(tx, userId, clientSecret);
        if (intent.data.status !== 'requires_action') return toIntentState(intent.id, intent.data);
        // Approved, the card is charged, and some of Stripe's cards are declined only now.
        const method = intent.data.payment_method
          ? await readObject(tx, 'payment_method', intent.data.payment_method)
          : undefined;
        const next: PaymentIntentData = {
          ...intent.data,
          ...charged(approve ? (method ? chargeError(method.data.behaviour) : null) : AUTHENTICATION_FAILED),
        };
        const updated = { ...intent, data: next };
        await writeObject(tx, 'payment_intent', updated);
        await settle(tx, updated);
        return toIntentState(intent.id, next);
      });
    },
  };
}
