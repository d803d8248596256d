import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { App } from '../app-type';

// A local HTTP stand-in for the part of Stripe's API the Stripe gateway calls, reached through the
// SDK's own host/port/protocol options (DESIGN.md section 6). It keeps objects in memory and answers
// with Stripe's shapes and errors, so the real SDK parses them; tests drive what Stripe would do on its
// side (a payment succeeding, an invoice paid at renewal) through its methods.

type Metadata = Record<string, string>;
export type StandInIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Metadata;
  last_payment_error: { message: string } | null;
  /** The charge that paid it, with the card as Stripe describes it (absent: not paid by a card here). */
  latest_charge?: {
    id: string;
    object: 'charge';
    payment_method_details: { card: { brand: string; last4: string; fingerprint: string } };
  };
};
type StandInInvoice = {
  id: string;
  object: 'invoice';
  status: string;
  amount_paid: number;
  amount_due: number;
  currency: string;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
  lines: { object: 'list'; data: { period: { start: number; end: number } }[] };
  confirmation_secret: { client_secret: string; type: 'payment_intent' } | null;
  payments: { object: 'list'; data: { payment: { type: 'payment_intent'; payment_intent: string } }[] };
  attempt_count: number;
  next_payment_attempt: number | null;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
};
type StandInRefund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Metadata;
};
type StandInCharge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  refunds: { object: 'list'; data: StandInRefund[] };
};
type StandInDispute = {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: string;
};
type StandInSubscription = {
  id: string;
  object: 'subscription';
  status: string;
  metadata: Metadata;
  cancel_at_period_end: boolean;
  items: { object: 'list'; data: StandInItem[] };
  latest_invoice: string;
  customer: string;
  default_payment_method: string;
  pause_collection: { behavior: string; resumes_at: number | null } | null;
};

type StandInItem = {
  id: string;
  object: 'subscription_item';
  price: { unit_amount: number };
  current_period_start: number;
  current_period_end: number;
};

/** Stripe's test payment methods the stand-in understands, and what charging them does. */
export const STAND_IN_CARDS = {
  visa: 'pm_card_visa',
  authenticationRequired: 'pm_card_authenticationRequired',
  insufficientFunds: 'pm_card_visa_chargeDeclinedInsufficientFunds',
  /** 4000 0000 0000 0341: attaches to the customer, then every charge of it is declined. */
  chargeCustomerFail: 'pm_card_chargeCustomerFail',
} as const;

const DAY_SECONDS = 24 * 3600;
const DECLINED = { message: 'Your card was declined.' };

const MONTH_SECONDS = 30 * 24 * 3600;
const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/** Form fields as Stripe's SDK sends them: `metadata[a]=1`, `items[0][price_data][unit_amount]=5`. */
function formFields(body: string): Map<string, string> {
  return new Map(new URLSearchParams(body).entries());
}

function metadataOf(fields: Map<string, string>): Metadata {
  const metadata: Metadata = {};
  for (const [key, value] of fields) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

export async function startStripeStandIn() {
  const intents = new Map<string, StandInIntent>();
  const invoices = new Map<string, StandInInvoice>();
  const subscriptions = new Map<string, StandInSubscription>();
  const customers = new Map<string, { id: string; object: 'customer'; email: string; metadata: Metadata }>();
  const products = new Set<string>();
  const charges = new Map<string, StandInCharge>();
  const disputes = new Map<string, StandInDispute>();
  /** Refunds by idempotency key, as Stripe answers a repeated request with the first one's refund. */
  const refundsByKey = new Map<string, StandInRefund>();
  /** Every request, for tests to check what our server asked Stripe for. */
  const requests: { method: string; path: string; fields: Map<string, string> }[] = [];

  const now = () => Math.floor(Date.now() / 1000);

  function newIntent(amount: number, metadata: Metadata, status = 'requires_payment_method'): StandInIntent {
    const id = newId('pi');
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount,
      currency: 'usd',
      status,
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      metadata,
      last_payment_error: null,
    };
    intents.set(id, intent);
    return intent;
  }

  function newInvoice(
    subscription: string,
    amount: number,
    intent: StandInIntent,
    start: number,
    billing: Pick<StandInInvoice, 'billing_reason'> & { end?: number } = {
      billing_reason: 'subscription_cycle',
    },
  ): StandInInvoice {
    const paid = intent.status === 'succeeded';
    const invoice: StandInInvoice = {
      id: newId('in'),
      object: 'invoice',
      status: paid ? 'paid' : 'open',
      amount_paid: paid ? amount : 0,
      amount_due: amount,
      currency: 'usd',
      parent: { type: 'subscription_details', subscription_details: { subscription } },
      lines: { object: 'list', data: [{ period: { start, end: billing.end ?? start + MONTH_SECONDS } }] },
      confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' },
      payments: {
        object: 'list',
        data: [{ payment: { type: 'payment_intent', payment_intent: intent.id } }],
      },
      attempt_count: 1,
      next_payment_attempt: null,
      billing_reason: billing.billing_reason,
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** One more try of an open invoice's payment: paid, the subscription is active again. */
  function attempt(invoice: StandInInvoice, paid: boolean): boolean {
    const intent = intents.get(invoice.payments.data[0]?.payment.payment_intent ?? '');
    if (!intent) throw new Error(`invoice ${invoice.id} has no payment intent`);
    invoice.attempt_count += 1;
    if (!paid) {
      intent.last_payment_error = DECLINED;
      return false;
    }
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.next_payment_attempt = null;
    const subscription = subscriptions.get(invoice.parent.subscription_details.subscription);
    if (subscription) subscription.status = 'active';
    return true;
  }

  function item(amount: number, start: number): StandInItem {
    return {
      id: newId('si'),
      object: 'subscription_item',
      price: { unit_amount: amount },
      current_period_start: start,
      current_period_end: start + MONTH_SECONDS,
    };
  }

  /**
   * A subscription update with a new price (items[0]). With proration_behavior always_invoice, Stripe
   * invoices the unused time on the old price as a credit and the rest of the period on the new one,
   * each line rounded to the cent, as at proration_date, and charges the card at once; with
   * error_if_incomplete a refusal is a card error and leaves the subscription as it was.
   */
  function changePlan(subscription: StandInSubscription, fields: Map<string, string>) {
    const current = subscription.items.data[0];
    if (!current) return invalid('The subscription has no item.');
    const newAmount = Number(fields.get('items[0][price_data][unit_amount]'));
    if (fields.get('proration_behavior') === 'always_invoice') {
      const at = Number(fields.get('proration_date') ?? now());
      const { current_period_start: start, current_period_end: end } = current;
      const share = (amount: number) => Math.round((amount * (end - at)) / (end - start));
      const difference = share(newAmount) - share(current.price.unit_amount);
      if (subscription.default_payment_method !== STAND_IN_CARDS.visa) {
        return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', ...DECLINED } } };
      }
      const intent = newIntent(difference, {}, 'succeeded');
      const invoice = newInvoice(subscription.id, difference, intent, at, {
        billing_reason: 'subscription_update',
        end,
      });
      subscription.latest_invoice = invoice.id;
    }
    current.price = { unit_amount: newAmount };
    subscription.metadata = { ...subscription.metadata, ...metadataOf(fields) };
    return undefined;
  }

  function expanded(subscription: StandInSubscription) {
    return { ...subscription, latest_invoice: invoices.get(subscription.latest_invoice) ?? null };
  }

  /** The (one) charge of a succeeded payment intent, made when first asked for. */
  function chargeOf(intentId: string): StandInCharge | undefined {
    const intent = intents.get(intentId);
    if (intent?.status !== 'succeeded') return undefined;
    const existing = [...charges.values()].find((charge) => charge.payment_intent === intentId);
    if (existing) return existing;
    const charge: StandInCharge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      refunded: false,
      currency: intent.currency,
      payment_intent: intentId,
      refunds: { object: 'list', data: [] },
    };
    charges.set(charge.id, charge);
    return charge;
  }

  function addRefund(charge: StandInCharge, amount: number, metadata: Metadata): StandInRefund {
    const refund: StandInRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
      metadata,
    };
    charge.refunds.data.push(refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return refund;
  }

  const invalid = (message: string) => ({
    status: 400,
    body: { error: { type: 'invalid_request_error', message } },
  });

  const missing = (kind: string, id: string) => ({
    status: 404,
    body: {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` },
    },
  });

  function route(
    method: string,
    path: string,
    fields: Map<string, string>,
    idempotencyKey: string | undefined,
  ): { status: number; body: unknown } {
    const parts = path.split('/').filter(Boolean);
    const [version, resource, id, action] = parts;
    if (version !== 'v1') return missing('path', path);

    if (resource === 'payment_intents') {
      if (method === 'POST' && !id) {
        const intent = newIntent(Number(fields.get('amount')), metadataOf(fields));
        intent.currency = fields.get('currency') ?? 'usd';
        return { status: 200, body: intent };
      }
      const intent = id ? intents.get(id) : undefined;
      if (method === 'GET' && intent) return { status: 200, body: intent };
      if (method === 'POST' && intent && action === 'cancel') {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return invalid(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`);
        }
        intent.status = 'canceled';
        return { status: 200, body: intent };
      }
      return missing('payment_intent', id ?? '');
    }

    if (resource === 'refunds' && method === 'POST') {
      const again = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
      if (again) return { status: 200, body: again };
      const intentId = fields.get('payment_intent') ?? '';
      const charge = chargeOf(intentId);
      if (!charge) return missing('payment_intent', intentId);
      const amount = Number(fields.get('amount') ?? charge.amount - charge.amount_refunded);
      if (charge.amount_refunded + amount > charge.amount) {
        return invalid(
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((charge.amount - charge.amount_refunded) / 100).toFixed(2)})`,
        );
      }
      const refund = addRefund(charge, amount, metadataOf(fields));
      if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
      return { status: 200, body: refund };
    }

    if (resource === 'charges' && method === 'GET' && id) {
      const charge = charges.get(id);
      return charge ? { status: 200, body: charge } : missing('charge', id);
    }

    if (resource === 'disputes' && method === 'GET' && id) {
      const dispute = disputes.get(id);
      return dispute ? { status: 200, body: dispute } : missing('dispute', id);
    }

    if (resource === 'invoice_payments' && method === 'GET') {
      const intentId = fields.get('payment[payment_intent]');
      const data = [...invoices.values()]
        .filter((invoice) => invoice.payments.data[0]?.payment.payment_intent === intentId)
        .map((invoice) => ({
          id: newId('inpay'),
          object: 'invoice_payment',
          invoice: invoice.id,
          payment: { type: 'payment_intent', payment_intent: intentId },
        }));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoice_payments' } };
    }

    if (resource === 'customers') {
      if (method === 'GET') {
        const email = fields.get('email');
        const data = [...customers.values()].filter((customer) => customer.email === email);
        return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/customers' } };
      }
      const customer = {
        id: newId('cus'),
        object: 'customer' as const,
        email: fields.get('email') ?? '',
        metadata: metadataOf(fields),
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }

    if (resource === 'payment_methods' && action === 'attach' && id) {
      if (!Object.values(STAND_IN_CARDS).includes(id as never)) return missing('payment_method', id);
      return {
        status: 200,
        body: { id, object: 'payment_method', type: 'card', customer: fields.get('customer') },
      };
    }

    if (resource === 'products' && method === 'POST') {
      const productId = fields.get('id') ?? newId('prod');
      if (products.has(productId)) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_already_exists',
              message: 'Product already exists.',
            },
          },
        };
      }
      products.add(productId);
      return { status: 200, body: { id: productId, object: 'product', name: fields.get('name') } };
    }

    if (resource === 'subscriptions') {
      if (method === 'POST' && !id) {
        const paymentMethod = fields.get('default_payment_method') ?? '';
        const amount = Number(fields.get('items[0][price_data][unit_amount]'));
        const subscriptionId = newId('sub');
        const status =
          paymentMethod === STAND_IN_CARDS.visa
            ? 'succeeded'
            : paymentMethod === STAND_IN_CARDS.authenticationRequired
              ? 'requires_action'
              : 'requires_payment_method';
        const intent = newIntent(amount, {}, status);
        if (status === 'requires_payment_method')
          intent.last_payment_error = { message: 'Your card has insufficient funds.' };
        const start = now();
        const invoice = newInvoice(subscriptionId, amount, intent, start, {
          billing_reason: 'subscription_create',
        });
        const subscription: StandInSubscription = {
          id: subscriptionId,
          object: 'subscription',
          status: status === 'succeeded' ? 'active' : 'incomplete',
          metadata: metadataOf(fields),
          cancel_at_period_end: false,
          items: {
            object: 'list',
            data: [item(amount, start)],
          },
          latest_invoice: invoice.id,
          customer: fields.get('customer') ?? '',
          default_payment_method: paymentMethod,
          pause_collection: null,
        };
        subscriptions.set(subscriptionId, subscription);
        return { status: 200, body: expanded(subscription) };
      }
      const subscription = id ? subscriptions.get(id) : undefined;
      if (!subscription) return missing('subscription', id ?? '');
      if (method === 'POST') {
        if (fields.has('items[0][id]')) {
          const changed = changePlan(subscription, fields);
          if (changed) return changed;
        }
        if (fields.get('cancel_at_period_end') === 'true') subscription.cancel_at_period_end = true;
        const card = fields.get('default_payment_method');
        if (card) subscription.default_payment_method = card;
        // Set as pause_collection[behavior] and [resumes_at]; sent empty, it is cleared.
        if (fields.get('pause_collection') === '') subscription.pause_collection = null;
        const behavior = fields.get('pause_collection[behavior]');
        if (behavior) {
          const resumesAt = fields.get('pause_collection[resumes_at]');
          subscription.pause_collection = { behavior, resumes_at: resumesAt ? Number(resumesAt) : null };
        }
      }
      if (method === 'DELETE') subscription.status = 'canceled';
      return { status: 200, body: expanded(subscription) };
    }

    if (resource === 'invoices' && method === 'POST' && id && action === 'pay') {
      const invoice = invoices.get(id);
      if (!invoice) return missing('invoice', id);
      const subscription = subscriptions.get(invoice.parent.subscription_details.subscription);
      const card = fields.get('payment_method') ?? subscription?.default_payment_method;
      const paid = attempt(invoice, card === STAND_IN_CARDS.visa);
      if (!paid) {
        return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', ...DECLINED } } };
      }
      return { status: 200, body: invoice };
    }

    if (resource === 'invoices' && method === 'GET' && id) {
      const invoice = invoices.get(id);
      return invoice ? { status: 200, body: invoice } : missing('invoice', id);
    }
    return missing('path', path);
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const fields = formFields(request.method === 'GET' ? url.search.slice(1) : body);
      requests.push({ method: request.method ?? 'GET', path: url.pathname, fields });
      const key = request.headers['idempotency-key'];
      const { status, body: answer } = route(
        request.method ?? 'GET',
        url.pathname,
        fields,
        typeof key === 'string' ? key : undefined,
      );
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    subscriptions,
    /**
     * The cardholder completed the payment (with or without 3-D Secure), as Stripe.js would report; with
     * `card`, its charge names the card that paid.
     */
    succeed(intentId: string, card?: { brand: string; last4: string; fingerprint: string }) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      intent.status = 'succeeded';
      if (card) {
        intent.latest_charge = { id: newId('ch'), object: 'charge', payment_method_details: { card } };
      }
      for (const invoice of invoices.values()) {
        if (invoice.payments.data[0]?.payment.payment_intent !== intentId) continue;
        invoice.status = 'paid';
        invoice.amount_paid = invoice.amount_due;
        const subscription = subscriptions.get(invoice.parent.subscription_details.subscription);
        if (subscription?.status === 'incomplete') subscription.status = 'active';
      }
    },
    /** Stripe bills the next period: a new paid (or failed) invoice; returns its id. */
    renew(subscriptionId: string, options: { paid: boolean; amount?: number } = { paid: true }) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const current = subscription.items.data[0];
      const amount = options.amount ?? current?.price.unit_amount ?? 0;
      const intent = newIntent(amount, {}, options.paid ? 'succeeded' : 'requires_payment_method');
      const start = current?.current_period_end ?? now();
      const invoice = newInvoice(subscriptionId, amount, intent, start);
      subscription.latest_invoice = invoice.id;
      subscription.items.data = [{ ...item(amount, start), id: current?.id ?? newId('si') }];
      if (!options.paid) {
        subscription.status = 'past_due';
        intent.last_payment_error = DECLINED;
        invoice.next_payment_attempt = start + DAY_SECONDS;
      }
      return invoice.id;
    },
    /**
     * Stripe's retry of a refused renewal: paid, or refused again with its next try `nextInDays` after
     * the renewal, or (none) the last, after which Stripe cancels the subscription.
     */
    retry(invoiceId: string, options: { paid: boolean; nextInDays?: number }) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      if (attempt(invoice, options.paid)) return;
      const start = invoice.lines.data[0]?.period.start ?? now();
      invoice.next_payment_attempt =
        options.nextInDays === undefined ? null : start + options.nextInDays * DAY_SECONDS;
      if (options.nextInDays === undefined) {
        const subscription = subscriptions.get(invoice.parent.subscription_details.subscription);
        if (subscription) subscription.status = 'canceled';
      }
    },
    /** A payment intent made outside our checkout, e.g. by the school's other tools. */
    foreignIntent(amount: number, metadata: Metadata = {}) {
      return newIntent(amount, metadata, 'succeeded');
    },
    charges,
    /** The charge of a succeeded payment intent, or of the invoice it paid. */
    chargeOf(intentOrInvoiceId: string): StandInCharge {
      const intentId =
        invoices.get(intentOrInvoiceId)?.payments.data[0]?.payment.payment_intent ?? intentOrInvoiceId;
      const charge = chargeOf(intentId);
      if (!charge) throw new Error(`no succeeded payment ${intentOrInvoiceId}`);
      return charge;
    },
    /** The school refunds in Stripe's dashboard; returns the charge a `charge.refunded` event names. */
    refundInDashboard(intentOrInvoiceId: string, amount?: number): string {
      const charge = this.chargeOf(intentOrInvoiceId);
      addRefund(charge, amount ?? charge.amount - charge.amount_refunded, {});
      return charge.id;
    },
    /** The cardholder's bank opens a dispute; returns its id for `charge.dispute.created`. */
    openDispute(intentOrInvoiceId: string): string {
      const charge = this.chargeOf(intentOrInvoiceId);
      const dispute: StandInDispute = {
        id: newId('dp'),
        object: 'dispute',
        amount: charge.amount,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        currency: charge.currency,
        status: 'needs_response',
      };
      disputes.set(dispute.id, dispute);
      return dispute.id;
    },
    /** Stripe resumes a paused subscription at its resumes_at. */
    resumeCollection(subscriptionId: string) {
      const subscription = subscriptions.get(subscriptionId);
      if (subscription) subscription.pause_collection = null;
    },
    endSubscription(subscriptionId: string) {
      const subscription = subscriptions.get(subscriptionId);
      if (subscription) subscription.status = 'canceled';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The app's Stripe settings, aimed at the stand-in and checking webhooks with the test's own secret. */
export function standInStripeSettings(stripe: StripeStandIn, webhookSecret: string) {
  return {
    secretKey: 'sk_test_tokenly',
    publishableKey: 'pk_test_tokenly',
    webhookSecret,
    apiUrl: stripe.url,
  };
}

const signer = new Stripe('sk_test_signer');

/** An event about one object, posted to the webhook as Stripe would, signed by the SDK's own test helper. */
export function sendStripeWebhook(
  app: App,
  event: { id: string; type: string; objectId: string },
  secret: string,
) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    data: { object: { id: event.objectId } },
  });
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}
