import { randomBytes } from 'node:crypto';
import type { DemoIntentState } from '@tokenly/contract/checkout';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type DemoObjectKind, demoGatewayObjects } from '../../db/schema/demo-gateway-objects';
import { AppError } from '../../lib/app-error';
import {
  type CheckoutMetadata,
  CURRENCY,
  GatewayCardError,
  type GatewayEvent,
  type GatewayInvoice,
  type GatewayPaymentIntent,
  GatewayRefundError,
  GatewaySignatureError,
  type GatewaySubscription,
  type NewPaymentIntent,
  type NewSubscription,
  type PaymentGateway,
} from '../payment-gateways/payment-gateway';
import { periodEnd } from './billing-period';
import {
  AUTHENTICATION_FAILED,
  asksForAuthentication,
  chargeError,
  checkDemoCard,
  type DemoCard,
  type DemoCardBehaviour,
  type DemoPaymentError,
} from './demo-cards';

// The demo gateway keeps Stripe's objects and state machine in one table, so that a school without
// Stripe keys can take the whole checkout, 3-D Secure step and renewals included, with no network.

type IntentStatus = DemoIntentState['status'];
type PaymentMethodData = { behaviour: DemoCardBehaviour; brand: string; last4: string };
type PaymentIntentData = {
  amount: number;
  currency: string;
  status: IntentStatus;
  client_secret: string;
  metadata: Partial<CheckoutMetadata>;
  error_message: string | null;
  /** Stripe's code of that failure (absent on rows written before it was kept). */
  error_code?: DemoPaymentError['code'] | null;
  payment_method: string | null;
  invoice: string | null;
  /** Its success has been announced, as Stripe's webhook would (absent on older rows: not yet). */
  announced?: boolean;
  /** Money sent back, as Stripe keeps refunds on the charge (absent on older rows: none). */
  refunds?: { id: string; amount: number; idempotency_key: string; created: string }[];
};
type SubscriptionData = {
  status: 'incomplete' | 'active' | 'canceled';
  metadata: CheckoutMetadata;
  interval_months: number;
  payment_method: string;
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: boolean;
  latest_invoice: string;
};
type InvoiceData = {
  status: 'open' | 'paid';
  amount_due: number;
  amount_paid: number;
  currency: string;
  subscription: string;
  period_start: string;
  period_end: string;
  payment_intent: string;
};
type DataOf = {
  payment_method: PaymentMethodData;
  payment_intent: PaymentIntentData;
  subscription: SubscriptionData;
  invoice: InvoiceData;
};

const ID_PREFIX: Record<DemoObjectKind, string> = {
  payment_method: 'pm',
  payment_intent: 'pi',
  subscription: 'sub',
  invoice: 'in',
};

const newId = (kind: DemoObjectKind) => `${ID_PREFIX[kind]}_demo_${randomBytes(12).toString('hex')}`;
const intentIdOfSecret = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

async function readObject<K extends DemoObjectKind>(
  db: Database,
  kind: K,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ id: string; userId: number; data: DataOf[K] } | undefined> {
  const query = db
    .select({ id: demoGatewayObjects.id, userId: demoGatewayObjects.userId, data: demoGatewayObjects.data })
    .from(demoGatewayObjects)
    .where(and(eq(demoGatewayObjects.id, id), eq(demoGatewayObjects.kind, kind)));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row ? { id: row.id, userId: row.userId, data: row.data as DataOf[K] } : undefined;
}

async function writeObject<K extends DemoObjectKind>(
  db: Database,
  kind: K,
  object: { id: string; userId: number; data: DataOf[K] },
): Promise<void> {
  await db
    .insert(demoGatewayObjects)
    .values({ id: object.id, kind, userId: object.userId, data: object.data })
    .onConflictDoUpdate({ target: demoGatewayObjects.id, set: { data: object.data } });
}

function toIntent(id: string, data: PaymentIntentData): GatewayPaymentIntent {
  return {
    id,
    status: data.status,
    amount: data.amount,
    currency: data.currency,
    clientSecret: data.client_secret,
    metadata: data.metadata,
    errorMessage: data.error_message,
  };
}

function toInvoice(id: string, data: InvoiceData, intent: PaymentIntentData | undefined): GatewayInvoice {
  return {
    id,
    status: data.status,
    amountPaid: data.amount_paid,
    currency: data.currency,
    subscriptionId: data.subscription,
    periodStart: new Date(data.period_start),
    periodEnd: new Date(data.period_end),
    clientSecret: intent?.status === 'requires_action' ? intent.client_secret : null,
    paymentError: intent?.status === 'requires_payment_method' ? intent.error_message : null,
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

export type DemoRenewal =
  | { kind: 'renewed'; subscription: GatewaySubscription; invoice: GatewayInvoice }
  | { kind: 'canceled'; subscription: GatewaySubscription };

export type DemoGateway = PaymentGateway & ReturnType<typeof demoOnlyCalls>;

/** `periodMinutes` shortens every billing period, so a demo school sees renewals within minutes. */
export function createDemoGateway(db: Database, options: { periodMinutes?: number } = {}): DemoGateway {
  const period = (months: number) => ({ months, minutes: options.periodMinutes });

  async function invoiceWithIntent(tx: Database, id: string): Promise<GatewayInvoice | null> {
    const invoice = await readObject(tx, 'invoice', id);
    if (!invoice) return null;
    const intent = await readObject(tx, 'payment_intent', invoice.data.payment_intent);
    return toInvoice(invoice.id, invoice.data, intent?.data);
  }

  async function subscriptionOf(tx: Database, id: string): Promise<GatewaySubscription | null> {
    const subscription = await readObject(tx, 'subscription', id);
    if (!subscription) return null;
    const { data } = subscription;
    return {
      id,
      status: data.status,
      metadata: data.metadata,
      currentPeriodStart: new Date(data.current_period_start),
      currentPeriodEnd: new Date(data.current_period_end),
      cancelAtPeriodEnd: data.cancel_at_period_end,
      latestInvoice: await invoiceWithIntent(tx, data.latest_invoice),
    };
  }

  const gateway: PaymentGateway = {
    provider: 'demo',
    publishableKey: null,

    async createPaymentIntent(input: NewPaymentIntent) {
      const id = newId('payment_intent');
      const data: PaymentIntentData = {
        amount: input.amount,
        currency: CURRENCY,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
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
      return intent ? toIntent(intent.id, intent.data) : null;
    },

    async createSubscription(input: NewSubscription) {
      const method = await readObject(db, 'payment_method', input.paymentMethodId);
      if (!method || method.userId !== input.customer.userId) {
        throw new GatewayCardError('No such payment method. Enter your card again.');
      }
      // The first invoice is paid at once, refused at once, or waits for the bank's step in the browser.
      const { behaviour } = method.data;
      const challenge = asksForAuthentication(behaviour);
      const refusal = challenge ? null : chargeError(behaviour);
      if (refusal) throw new GatewayCardError(refusal.message);
      const paid = !challenge;
      const now = new Date();
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
            client_secret: `${ids.intent}_secret_${randomBytes(12).toString('hex')}`,
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
        const subscription = await subscriptionOf(tx, ids.subscription);
        if (!subscription) throw new Error('demo subscription vanished inside its own transaction');
        return subscription;
      });
    },

    retrieveSubscription: (id) => subscriptionOf(db, id),
    retrieveInvoice: (id) => invoiceWithIntent(db, id),

    async cancelAtPeriodEnd(id) {
      return db.transaction(async (tx) => {
        const subscription = await readObject(tx, 'subscription', id, { forUpdate: true });
        if (!subscription) throw new AppError('NOT_FOUND', 'This subscription does not exist.');
        await writeObject(tx, 'subscription', {
          ...subscription,
          data: { ...subscription.data, cancel_at_period_end: true },
        });
        const updated = await subscriptionOf(tx, id);
        if (!updated) throw new Error('demo subscription vanished inside its own transaction');
        return updated;
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
          id: `re_demo_${randomBytes(12).toString('hex')}`,
          amount: input.amount,
          idempotency_key: input.idempotencyKey,
          created: new Date().toISOString(),
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

  return Object.assign(gateway, demoOnlyCalls(db, { period, subscriptionOf, invoiceWithIntent }));
}

/** The calls Stripe.js makes in the browser, and what Stripe does on its side: webhooks and renewals. */
function demoOnlyCalls(
  db: Database,
  helpers: {
    period: (months: number) => { months: number; minutes?: number };
    subscriptionOf: (tx: Database, id: string) => Promise<GatewaySubscription | null>;
    invoiceWithIntent: (tx: Database, id: string) => Promise<GatewayInvoice | null>;
  },
) {
  /** A payment that has succeeded pays its invoice, which makes an incomplete subscription active. */
  async function settle(tx: Database, intent: { id: string; userId: number; data: PaymentIntentData }) {
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
      throw new AppError('NOT_FOUND', 'No such payment. Start the checkout again.');
    }
    return intent;
  }

  return {
    /** Stripe's createPaymentMethod: checks the card and remembers how the demo treats it. */
    async createPaymentMethod(userId: number, card: DemoCard) {
      const check = checkDemoCard(card);
      if (!check.ok) throw new AppError('VALIDATION', check.message, { [check.field]: [check.message] });
      const id = newId('payment_method');
      await writeObject(db, 'payment_method', {
        id,
        userId,
        data: { behaviour: check.behaviour, brand: check.brand, last4: check.last4 },
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
          throw new AppError('VALIDATION', 'Enter your card details.', {
            payment_method: ['Enter your card details.'],
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

    /**
     * Stripe's webhook delivery: the succeeded payments not yet announced, created before `before`
     * (the browser normally reports a payment first), each as the event Stripe would send: invoice.paid
     * for a subscription's invoice, payment_intent.succeeded otherwise. The event id is fixed per
     * payment, so announcing one twice (two processes, a retry) is applied once.
     */
    async unannouncedPayments(
      before: Date,
      limit = 100,
    ): Promise<{ paymentIntentId: string; event: GatewayEvent }[]> {
      const rows = await db
        .select({ id: demoGatewayObjects.id, data: demoGatewayObjects.data })
        .from(demoGatewayObjects)
        .where(
          and(
            eq(demoGatewayObjects.kind, 'payment_intent'),
            sql`${demoGatewayObjects.data}->>'status' = 'succeeded'`,
            sql`coalesce((${demoGatewayObjects.data}->>'announced')::boolean, false) = false`,
            lt(demoGatewayObjects.createdAt, before),
          ),
        )
        .orderBy(demoGatewayObjects.createdAt)
        .limit(limit);
      return rows.map(({ id, data }) => {
        const { invoice } = data as PaymentIntentData;
        const event = invoice
          ? { id: `evt_demo_${id}`, type: 'invoice.paid', objectId: invoice }
          : { id: `evt_demo_${id}`, type: 'payment_intent.succeeded', objectId: id };
        return { paymentIntentId: id, event };
      });
    },

    async markAnnounced(intentId: string): Promise<void> {
      await db
        .update(demoGatewayObjects)
        .set({ data: sql`${demoGatewayObjects.data} || '{"announced": true}'::jsonb` })
        .where(and(eq(demoGatewayObjects.id, intentId), eq(demoGatewayObjects.kind, 'payment_intent')));
    },

    /**
     * Bills every active subscription whose period has ended, inside the caller's transaction (so the
     * caller can grant in the same one); a subscription set to cancel ends instead. SKIP LOCKED lets
     * several server processes run this at once without billing anything twice.
     */
    async billDueSubscriptions(tx: Database, now: Date, limit = 100): Promise<DemoRenewal[]> {
      const due = await tx
        .select({
          id: demoGatewayObjects.id,
          userId: demoGatewayObjects.userId,
          data: demoGatewayObjects.data,
        })
        .from(demoGatewayObjects)
        .where(
          and(
            eq(demoGatewayObjects.kind, 'subscription'),
            sql`${demoGatewayObjects.data}->>'status' = 'active'`,
            sql`(${demoGatewayObjects.data}->>'current_period_end')::timestamptz <= ${now.toISOString()}::timestamptz`,
          ),
        )
        .limit(limit)
        .for('update', { skipLocked: true });
      const renewals: DemoRenewal[] = [];
      for (const row of due) {
        const data = row.data as SubscriptionData;
        if (data.cancel_at_period_end) {
          await writeObject(tx, 'subscription', {
            id: row.id,
            userId: row.userId,
            data: { ...data, status: 'canceled' },
          });
          const subscription = await helpers.subscriptionOf(tx, row.id);
          if (subscription) renewals.push({ kind: 'canceled', subscription });
          continue;
        }
        // After a long outage the next period starts now: periods that nobody could use are not billed.
        const previousEnd = new Date(data.current_period_end);
        const length = helpers.period(data.interval_months);
        const start = periodEnd(previousEnd, length) <= now ? now : previousEnd;
        const end = periodEnd(start, length);
        const amount = Number(data.metadata.tokenly_amount_cents);
        const invoiceId = newId('invoice');
        const intentId = newId('payment_intent');
        await writeObject(tx, 'payment_intent', {
          id: intentId,
          userId: row.userId,
          data: {
            amount,
            currency: CURRENCY,
            status: 'succeeded',
            client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
            metadata: {},
            error_message: null,
            payment_method: data.payment_method,
            invoice: invoiceId,
            // The caller grants the renewal in this very transaction: nothing left to announce.
            announced: true,
          },
        });
        await writeObject(tx, 'invoice', {
          id: invoiceId,
          userId: row.userId,
          data: {
            status: 'paid',
            amount_due: amount,
            amount_paid: amount,
            currency: CURRENCY,
            subscription: row.id,
            period_start: start.toISOString(),
            period_end: end.toISOString(),
            payment_intent: intentId,
          },
        });
        await writeObject(tx, 'subscription', {
          id: row.id,
          userId: row.userId,
          data: {
            ...data,
            current_period_start: start.toISOString(),
            current_period_end: end.toISOString(),
            latest_invoice: invoiceId,
          },
        });
        const subscription = await helpers.subscriptionOf(tx, row.id);
        const invoice = await helpers.invoiceWithIntent(tx, invoiceId);
        if (subscription && invoice) renewals.push({ kind: 'renewed', subscription, invoice });
      }
      return renewals;
    },
  };
}
