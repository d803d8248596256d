import type { PaymentProvider } from '@tokenly/contract/checkout';
import type { Database } from '../../db/client';

// One interface, two implementations (DESIGN.md section 6): `stripe` with the real SDK, and `demo`,
// which keeps Stripe's behaviour for its test cards without any network. The checkout service speaks
// only this interface, and reads every value that matters (status, amount, currency, owner) from the
// gateway's own records, never from the client.

export const CURRENCY = 'usd' as const;

/** What our server writes on every payment intent and subscription it creates; only it can write it. */
export type CheckoutMetadata = {
  tokenly_user_id: string;
  tokenly_plan_id: string;
  // The price and token count when the checkout began, so a later price change cannot misread it.
  tokenly_amount_cents: string;
  tokenly_number_token: string;
  // After a change of plan: the plan moved from and its token count, and the tokens the upgrade grants
  // now (the difference for the rest of the period), so the invoice charging the difference (reported by
  // webhook too) is granted those.
  tokenly_previous_plan_id?: string;
  tokenly_previous_number_token?: string;
  tokenly_change_credits?: string;
  /** Set when the package is bought as a gift: ours, written when its checkout started. */
  tokenly_gift_id?: string;
};

/**
 * The card that paid, as invoices name it; null where the provider does not say. The fingerprint is the
 * provider's one per card number (null when it gives none): the referral hold compares it.
 */
export type GatewayCard = { brand: string; last4: string; fingerprint: string | null };

export type GatewayPaymentIntent = {
  id: string;
  status: string;
  amount: number;
  currency: string;
  clientSecret: string | null;
  metadata: Partial<CheckoutMetadata>;
  /** The provider's message for the last failed attempt (declined card, failed authentication). */
  errorMessage: string | null;
  card: GatewayCard | null;
};

export type GatewayInvoice = {
  id: string;
  status: string;
  amountPaid: number;
  currency: string;
  subscriptionId: string | null;
  /** The service period the invoice pays for. */
  periodStart: Date | null;
  periodEnd: Date | null;
  /** Set when the invoice's payment waits for the cardholder (3-D Secure) in the browser. */
  clientSecret: string | null;
  /** The provider's message when the invoice's payment was declined. */
  paymentError: string | null;
  card: GatewayCard | null;
  /** How many times the invoice's payment has been tried, and when the provider tries next (null: never). */
  attemptCount: number;
  nextPaymentAttempt: Date | null;
  /** The invoice of a change of plan, charging the difference for the rest of the period. */
  planChange: boolean;
};

export type GatewaySubscription = {
  id: string;
  status: string;
  metadata: Partial<CheckoutMetadata>;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  latestInvoice: GatewayInvoice | null;
  /** Collection is paused until then (Stripe's pause_collection): renewals charge nothing meanwhile. */
  pausedUntil: Date | null;
};

/** A verified provider event: only its id, type and object id are trusted; the object is re-read. */
export type GatewayEvent = { id: string; type: string; objectId: string };

export type NewPaymentIntent = {
  amount: number;
  description: string;
  metadata: CheckoutMetadata;
  userId: number;
};

export type NewSubscription = {
  customer: { userId: number; email: string; name: string };
  paymentMethodId: string;
  plan: { id: number; title: string; amountCents: number; intervalMonths: number };
  metadata: CheckoutMetadata;
};

/** A refund the provider made: its id, and the USD cents it sends back. */
export type GatewayRefund = { id: string; amount: number };

export type NewRefund = {
  /** Our payment's provider reference: a payment intent, or the invoice of a membership period. */
  paymentRef: string;
  amount: number;
  /** The same key sends back the same refund: a retried or doubled request refunds once. */
  idempotencyKey: string;
  metadata: Record<string, string>;
};

/**
 * A charge as a `charge.refunded` event is about: which of our payments it paid (the payment intent, or
 * the invoice that payment intent paid) and how much of it has gone back in total, whoever refunded it.
 */
export type GatewayCharge = { id: string; paymentRef: string | null; amountRefunded: number };

/** A dispute (chargeback) the cardholder's bank opened, and the payment it is about. */
export type GatewayDispute = { id: string; paymentRef: string | null; amount: number };

/** The provider refused the refund (e.g. more than remains of the charge); the message is the provider's. */
export class GatewayRefundError extends Error {
  override name = 'GatewayRefundError';
}

/** The card was declined or could not be used; the message is the provider's, shown to the learner. */
export class GatewayCardError extends Error {
  override name = 'GatewayCardError';
}

/** The webhook's signature did not verify, or webhooks are not configured. */
export class GatewaySignatureError extends Error {
  override name = 'GatewaySignatureError';
}

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** Stripe's publishable key for the browser; null for the demo gateway. */
  readonly publishableKey: string | null;
  createPaymentIntent(input: NewPaymentIntent): Promise<GatewayPaymentIntent>;
  /** null when the provider has no such payment intent. */
  retrievePaymentIntent(id: string): Promise<GatewayPaymentIntent | null>;
  /**
   * Cancels a payment intent not yet paid, which can then never be paid; returns it as it now stands (one
   * paid meanwhile stays paid), or null when the provider has no such payment intent.
   */
  cancelPaymentIntent(id: string): Promise<GatewayPaymentIntent | null>;
  /** Charges the first period at once; a declined card throws GatewayCardError. */
  createSubscription(input: NewSubscription): Promise<GatewaySubscription>;
  retrieveSubscription(id: string): Promise<GatewaySubscription | null>;
  retrieveInvoice(id: string): Promise<GatewayInvoice | null>;
  /** Stops renewal at the end of the paid period. */
  cancelAtPeriodEnd(id: string): Promise<GatewaySubscription>;
  /** Pauses collection until `resumesAt` (renewals meanwhile charge nothing), or resumes it (null). */
  pauseCollection(id: string, resumesAt: Date | null): Promise<GatewaySubscription>;
  /**
   * Moves the subscription to another plan's price and metadata. With `prorate`, the difference for the
   * rest of the period, worked out as at `at`, is invoiced and charged at once with the subscription's
   * card (`expectedCents` is what we worked out; a refusal throws GatewayCardError and changes nothing);
   * without it, the new price is charged from the next renewal.
   */
  changePlan(
    id: string,
    input: {
      plan: NewSubscription['plan'];
      metadata: CheckoutMetadata;
      prorate: { at: Date; expectedCents: number } | null;
    },
  ): Promise<GatewaySubscription>;
  /**
   * Renews with another card from now on; an unpaid renewal invoice is tried with it at once. A card
   * that cannot be attached throws GatewayCardError; one that is refused leaves the invoice unpaid.
   */
  updatePaymentMethod(
    id: string,
    input: { customer: NewSubscription['customer']; paymentMethodId: string },
  ): Promise<GatewaySubscription>;
  /**
   * Sends `amount` cents of a succeeded payment back to the card; refusals throw GatewayRefundError.
   * `within` is the caller's transaction, which holds our payment's lock: a gateway that keeps its records
   * in our database (the demo one) writes them there, since PGlite has one connection and a second
   * transaction would wait for the first forever.
   */
  refund(input: NewRefund, within: Database): Promise<GatewayRefund>;
  /** null when the provider has no such charge (the demo gateway has none: it sends no webhooks). */
  retrieveCharge(id: string): Promise<GatewayCharge | null>;
  retrieveDispute(id: string): Promise<GatewayDispute | null>;
  /** Verifies a webhook's signature over the raw body; throws GatewaySignatureError when it does not. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): GatewayEvent;
}
