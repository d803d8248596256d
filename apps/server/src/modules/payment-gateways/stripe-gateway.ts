import { MESSAGES } from '@tokenly/contract/messages';
import Stripe from 'stripe';
import {
  CURRENCY,
  type GatewayCard,
  GatewayCardError,
  type GatewayInvoice,
  type GatewayPaymentIntent,
  GatewayRefundError,
  GatewaySignatureError,
  type GatewaySubscription,
  type NewPaymentIntent,
  type NewSubscription,
  type PaymentGateway,
} from './payment-gateway';

export type StripeGatewayConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Another API host, e.g. stripe-mock or the tests' stand-in; unset means api.stripe.com. */
  apiUrl?: string | undefined;
};

// Expanded on every subscription read, so the first invoice's payment state comes in the same call.
const LATEST_INVOICE_EXPAND = ['latest_invoice.confirmation_secret', 'latest_invoice.payments'];

const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

function toIntent(intent: Stripe.PaymentIntent): GatewayPaymentIntent {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    clientSecret: intent.client_secret,
    metadata: intent.metadata,
    errorMessage: intent.last_payment_error?.message ?? null,
    card: cardOf(intent.latest_charge),
  };
}

/** The card of a charge read with `expand: ['latest_charge']`; null when it was not expanded. */
function cardOf(charge: string | Stripe.Charge | null): GatewayCard | null {
  const card = typeof charge === 'object' ? charge?.payment_method_details?.card : undefined;
  return card?.last4
    ? { brand: card.brand ?? 'card', last4: card.last4, fingerprint: card.fingerprint ?? null }
    : null;
}

export function createStripeGateway(config: StripeGatewayConfig): PaymentGateway {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const client = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
    }),
  });

  /** The payment behind an invoice, read only when the invoice is still open (waiting or declined). */
  async function invoiceIntent(invoice: Stripe.Invoice): Promise<Stripe.PaymentIntent | null> {
    if (invoice.status !== 'open') return null;
    const payment = invoice.payments?.data[0]?.payment.payment_intent;
    if (!payment) return null;
    return typeof payment === 'string' ? client.paymentIntents.retrieve(payment) : payment;
  }

  async function toInvoice(invoice: Stripe.Invoice): Promise<GatewayInvoice> {
    const intent = await invoiceIntent(invoice);
    const line = invoice.lines?.data[0];
    return {
      id: invoice.id ?? '',
      status: invoice.status ?? 'draft',
      amountPaid: invoice.amount_paid,
      currency: invoice.currency,
      subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
      periodStart: seconds(line?.period.start),
      periodEnd: seconds(line?.period.end),
      clientSecret:
        intent?.status === 'requires_action'
          ? (invoice.confirmation_secret?.client_secret ?? intent.client_secret)
          : null,
      paymentError:
        intent?.status === 'requires_payment_method' ? (intent.last_payment_error?.message ?? null) : null,
      // A paid invoice's charge is not read again: membership invoices name no card with Stripe.
      card: null,
      attemptCount: invoice.attempt_count,
      nextPaymentAttempt: seconds(invoice.next_payment_attempt),
      planChange: invoice.billing_reason === 'subscription_update',
    };
  }

  async function toSubscription(subscription: Stripe.Subscription): Promise<GatewaySubscription> {
    const item = subscription.items.data[0];
    const latest = subscription.latest_invoice;
    return {
      id: subscription.id,
      status: subscription.status,
      metadata: subscription.metadata,
      currentPeriodStart: seconds(item?.current_period_start),
      currentPeriodEnd: seconds(item?.current_period_end),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      latestInvoice: latest && typeof latest !== 'string' ? await toInvoice(latest) : null,
      pausedUntil: seconds(subscription.pause_collection?.resumes_at),
    };
  }

  /** One Stripe customer per learner, found again by the id we put in its metadata. */
  async function customerFor(customer: NewSubscription['customer']): Promise<string> {
    const userId = String(customer.userId);
    const existing = await client.customers.list({ email: customer.email, limit: 100 });
    const match = existing.data.find((candidate) => candidate.metadata.tokenly_user_id === userId);
    if (match) return match.id;
    const created = await client.customers.create(
      { email: customer.email, name: customer.name, metadata: { tokenly_user_id: userId } },
      { idempotencyKey: `tokenly-customer-${userId}` },
    );
    return created.id;
  }

  /** Each plan is one Stripe product with a stable id of ours; creating it twice is harmless. */
  async function productFor(plan: NewSubscription['plan']): Promise<string> {
    const id = `tokenly_plan_${plan.id}`;
    try {
      await client.products.create({ id, name: plan.title });
    } catch (error) {
      if (
        !(
          error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_already_exists'
        )
      ) {
        throw error;
      }
    }
    return id;
  }

  /** The plan's price for a subscription's item, monthly by the plan's interval, on the plan's product. */
  async function priceOf(plan: NewSubscription['plan']) {
    return {
      currency: CURRENCY,
      product: await productFor(plan),
      unit_amount: plan.amountCents,
      recurring: { interval: 'month' as const, interval_count: plan.intervalMonths },
    };
  }

  /** The payment intent to refund for one of our payments: its own id, or the one that paid the invoice. */
  async function intentOfPayment(paymentRef: string): Promise<string | null> {
    if (!paymentRef.startsWith('in_')) return paymentRef;
    const invoice = await client.invoices.retrieve(paymentRef, { expand: ['payments'] });
    return idOf(invoice.payments?.data[0]?.payment.payment_intent);
  }

  /** Our payment's reference for a payment intent: the invoice it paid (a membership), else itself. */
  async function paymentRefOfIntent(intentId: string | null): Promise<string | null> {
    if (!intentId) return null;
    const paid = await client.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: intentId },
      limit: 1,
    });
    return idOf(paid.data[0]?.invoice) ?? intentId;
  }

  return {
    provider: 'stripe',
    publishableKey: config.publishableKey,

    async createPaymentIntent(input: NewPaymentIntent) {
      const intent = await client.paymentIntents.create({
        amount: input.amount,
        currency: CURRENCY,
        description: input.description,
        metadata: input.metadata,
        // The Card Element is the only way the browser pays, so no other method is offered.
        allowed_payment_method_types: ['card'],
      });
      return toIntent(intent);
    },

    async retrievePaymentIntent(id) {
      try {
        return toIntent(await client.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async cancelPaymentIntent(id) {
      try {
        return toIntent(await client.paymentIntents.cancel(id));
      } catch (error) {
        if (isMissing(error)) return null;
        // Paid, or cancelled already: Stripe refuses the cancellation; the intent says which.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return this.retrievePaymentIntent(id);
        throw error;
      }
    },

    async createSubscription(input: NewSubscription) {
      const customer = await customerFor(input.customer);
      try {
        await client.paymentMethods.attach(input.paymentMethodId, { customer });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError || isMissing(error)) {
          throw new GatewayCardError(error instanceof Error ? error.message : MESSAGES.cardDeclined);
        }
        throw error;
      }
      const price = await priceOf(input.plan);
      const created = await client.subscriptions.create({
        customer,
        default_payment_method: input.paymentMethodId,
        // Charge now: active when paid, incomplete when the card needs 3-D Secure or was declined.
        payment_behavior: 'allow_incomplete',
        items: [
          {
            price_data: price,
          },
        ],
        metadata: input.metadata,
        expand: LATEST_INVOICE_EXPAND,
      });
      const subscription = await toSubscription(created);
      const declined = subscription.latestInvoice?.paymentError;
      if (subscription.status === 'incomplete' && declined) {
        // A declined first payment must not leave a subscription that could be paid later unnoticed.
        await client.subscriptions.cancel(created.id);
        throw new GatewayCardError(declined);
      }
      return subscription;
    },

    async retrieveSubscription(id) {
      try {
        return await toSubscription(
          await client.subscriptions.retrieve(id, { expand: LATEST_INVOICE_EXPAND }),
        );
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async retrieveInvoice(id) {
      try {
        return await toInvoice(await client.invoices.retrieve(id, { expand: ['payments'] }));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async cancelAtPeriodEnd(id) {
      return toSubscription(
        await client.subscriptions.update(id, { cancel_at_period_end: true, expand: LATEST_INVOICE_EXPAND }),
      );
    },

    async pauseCollection(id, resumesAt) {
      // 'void': the invoices of the paused periods are voided, so nothing is charged or owed for them.
      const pause = resumesAt
        ? { behavior: 'void' as const, resumes_at: Math.floor(resumesAt.getTime() / 1000) }
        : ('' as const);
      return toSubscription(
        await client.subscriptions.update(id, { pause_collection: pause, expand: LATEST_INVOICE_EXPAND }),
      );
    },

    async changePlan(id, input) {
      const item = (await client.subscriptions.retrieve(id)).items.data[0];
      if (!item) throw new Error(`subscription ${id} has no item to change`);
      const price = await priceOf(input.plan);
      // Stripe prorates as at proration_date, the instant of our preview, so it charges what the learner
      // saw; error_if_incomplete leaves the subscription as it was when the card refuses the difference.
      const timing = input.prorate
        ? {
            proration_behavior: 'always_invoice' as const,
            proration_date: Math.floor(input.prorate.at.getTime() / 1000),
            payment_behavior: 'error_if_incomplete' as const,
          }
        : { proration_behavior: 'none' as const };
      try {
        const updated = await client.subscriptions.update(id, {
          items: [
            {
              id: item.id,
              price_data: price,
            },
          ],
          metadata: input.metadata,
          ...timing,
          expand: LATEST_INVOICE_EXPAND,
        });
        return await toSubscription(updated);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) throw new GatewayCardError(error.message);
        throw error;
      }
    },

    async updatePaymentMethod(id, input) {
      const customer = await customerFor(input.customer);
      try {
        await client.paymentMethods.attach(input.paymentMethodId, { customer });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError || isMissing(error)) {
          throw new GatewayCardError(error instanceof Error ? error.message : MESSAGES.cardDeclined);
        }
        throw error;
      }
      const updated = await client.subscriptions.update(id, {
        default_payment_method: input.paymentMethodId,
        expand: LATEST_INVOICE_EXPAND,
      });
      const latest = updated.latest_invoice;
      if (latest && typeof latest !== 'string' && latest.status === 'open' && latest.id) {
        // Stripe's own retries wait for their schedule; the learner who just gave a card expects it now.
        try {
          await client.invoices.pay(latest.id, { payment_method: input.paymentMethodId });
        } catch (error) {
          // Refused: the invoice stays open (its decline is on its payment) and Stripe's retries go on.
          if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
        }
      }
      return toSubscription(await client.subscriptions.retrieve(id, { expand: LATEST_INVOICE_EXPAND }));
    },

    async refund(input) {
      const intent = await intentOfPayment(input.paymentRef);
      if (!intent) throw new GatewayRefundError('This payment has no charge that can be refunded.');
      try {
        const refund = await client.refunds.create(
          { payment_intent: intent, amount: input.amount, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: refund.id, amount: refund.amount };
      } catch (error) {
        // Stripe's refusals (already refunded, amount above the charge, disputed) are the operator's to read.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          throw new GatewayRefundError(error.message);
        throw error;
      }
    },

    async retrieveCharge(id) {
      try {
        const charge = await client.charges.retrieve(id);
        return {
          id: charge.id,
          paymentRef: await paymentRefOfIntent(idOf(charge.payment_intent)),
          amountRefunded: charge.amount_refunded,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async retrieveDispute(id) {
      try {
        const dispute = await client.disputes.retrieve(id);
        const intent =
          idOf(dispute.payment_intent) ??
          idOf((await client.charges.retrieve(idOf(dispute.charge) ?? '')).payment_intent);
        return { id: dispute.id, paymentRef: await paymentRefOfIntent(intent), amount: dispute.amount };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    verifyWebhook(rawBody, signature) {
      if (!config.webhookSecret) {
        throw new GatewaySignatureError('Webhooks are not configured: set STRIPE_WEBHOOK_SECRET.');
      }
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      } catch (error) {
        throw new GatewaySignatureError(error instanceof Error ? error.message : 'Invalid signature.');
      }
      const objectId = (event.data.object as { id?: unknown }).id;
      return { id: event.id, type: event.type, objectId: typeof objectId === 'string' ? objectId : '' };
    },
  };
}
