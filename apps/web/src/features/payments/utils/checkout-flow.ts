import type { GiftRequest } from '@tokenly/contract/gifts';
import type { PromoQuote } from '@tokenly/contract/promo-codes';
import type { TokenPlan } from '@tokenly/contract/token-plans';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { dayOf, formatDate } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { confirmSubscription } from '../api/confirm-subscription';
import { createPaymentIntent } from '../api/create-payment-intent';
import { recordOneTimePayment } from '../api/record-one-time-payment';
import { startSubscription } from '../api/start-subscription';
import {
  CardError,
  type CardGateway,
  type CardPaymentState,
  paymentNotCompleted,
} from '../gateway/card-gateway';

export type CheckoutOutcome =
  | { kind: 'success'; message: string; balance: number }
  | { kind: 'failure'; message: string };

type Failure = Extract<CardPaymentState, { status: 'failed' }>;

const failure = (message: string): CheckoutOutcome => ({ kind: 'failure', message });

/**
 * SPEC.md section 8: the provider's message, after 'Auth failed: ' when the bank's step failed. The
 * messages here are the contract's CHECKOUT_MESSAGES, in the page's language.
 */
const failureFor = (state: Failure, afterAuthentication: boolean) =>
  failure(
    afterAuthentication || state.authFailed
      ? t('payments.checkout.authFailed', { message: state.message })
      : state.message,
  );

/** Payment amounts travel in cents (SPEC.md section 9); the server refuses any that is not the plan's. */
export const toCents = (usd: number) => Math.round(usd * 100);

/** Confirms with the card and, when the bank asks for it, runs the authentication step: paid, or failed. */
async function confirmWithCard(
  gateway: CardGateway,
  clientSecret: string,
  paymentMethod?: string,
): Promise<{ status: 'succeeded' } | Failure> {
  const state = await gateway.confirmCardPayment(clientSecret, paymentMethod);
  const settled = state.status === 'requires_action' ? await gateway.authenticate(clientSecret) : state;
  if (settled.status === 'requires_action')
    return { status: 'failed', message: paymentNotCompleted(), authFailed: true };
  return settled;
}

const RECORD_ATTEMPTS = 3;

/**
 * Once the card is charged, losing the answer of the record call must not lose the tokens: the call is
 * idempotent on the server, so a network failure or a 5xx is simply asked again.
 */
async function recordPaid(body: Parameters<typeof recordOneTimePayment>[0]) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await recordOneTimePayment(body);
    } catch (error) {
      const retriable = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (!retriable || attempt === RECORD_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 700 * attempt));
    }
  }
}

async function payOnce(
  plan: TokenPlan,
  gateway: CardGateway,
  gift?: GiftRequest,
  promo?: PromoQuote,
): Promise<CheckoutOutcome> {
  // With a code, the price it leaves: the server prices it again and refuses any other amount.
  const amount = promo ? promo.amount : plan.amount;
  const paymentMethod = await gateway.createPaymentMethod();
  // SPEC.md section 4 re-creates the payment intent whenever the Subscribe box turns off; creating it
  // here, at Pay time, gives every one-time attempt a fresh intent for the plan shown, which is the same.
  const intent = await createPaymentIntent({
    amount: toCents(amount),
    product: plan.token_title,
    user_credit_token_id: plan.id,
    ...(gift && { gift }),
    ...(promo && { promo_code: promo.code }),
  });
  const state = await confirmWithCard(gateway, intent.clientSecret, paymentMethod);
  const body = {
    user_credit_token_id: plan.id,
    amount,
    payment_id: intent.payment_id,
    number_token: plan.token_credit,
  };
  if (state.status === 'failed') {
    // The server reads the refusal back from the gateway and lists it as a failed payment; it answers
    // 402, and the learner is shown the gateway's message as before.
    await recordOneTimePayment(body).catch(() => undefined);
    return failureFor(state, false);
  }
  const recorded = await recordPaid(body);
  // The server's message is CHECKOUT_MESSAGES.oneTimeSuccess, in English for API clients.
  return {
    kind: 'success',
    message: gift
      ? t('payments.gift.success', { email: gift.recipient_email, date: formatDate(dayOf(gift.deliver_on)) })
      : t('payments.checkout.oneTimeSuccess'),
    balance: recorded.data.balance,
  };
}

async function subscribe(plan: TokenPlan, gateway: CardGateway): Promise<CheckoutOutcome> {
  const paymentMethod = await gateway.createPaymentMethod();
  const started = await startSubscription({
    payment_method: paymentMethod,
    user_credit_token_id: plan.id,
    amount: plan.amount,
    number_token: plan.token_credit,
  });
  if (started.status === 'success') {
    return { kind: 'success', message: t('payments.checkout.subscriptionSuccess'), balance: started.balance };
  }
  // SPEC.md section 4: 'incomplete' means the card must be authenticated before the first invoice is paid.
  if (!started.client_secret) return failure(paymentNotCompleted());
  const state = await confirmWithCard(gateway, started.client_secret);
  if (state.status === 'failed') {
    // Asked again, the server finds the first invoice refused and lists it as a failed payment.
    await confirmSubscription(started.subscription.id).catch(() => undefined);
    return failureFor(state, true);
  }
  const confirmed = await confirmSubscription(started.subscription.id);
  if (confirmed.status !== 'success') {
    return failure(paymentNotCompleted());
  }
  return {
    kind: 'success',
    message: t('payments.checkout.subscriptionAuthenticated'),
    balance: confirmed.balance,
  };
}

/**
 * SPEC.md section 4, "Checkout mode": one-time by default, recurring when Subscribe is ticked. Every
 * failure, from the card field, the provider or our server, ends as an outcome the page can show.
 */
export async function runCheckout(
  plan: TokenPlan,
  recurring: boolean,
  gateway: CardGateway,
  gift?: GiftRequest,
  promo?: PromoQuote,
): Promise<CheckoutOutcome> {
  try {
    return recurring ? await subscribe(plan, gateway) : await payOnce(plan, gateway, gift, promo);
  } catch (error) {
    return failure(error instanceof CardError ? error.message : errorMessage(error));
  }
}
