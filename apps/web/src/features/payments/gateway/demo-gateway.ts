import type { DemoCardBody, demoIntentStateResponseSchema } from '@tokenly/contract/checkout';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/form-errors';
import { parseExpiry } from '../utils/card-input';
import { CardError, type CardGateway, type CardPaymentState, paymentNotCompleted } from './card-gateway';

type DemoIntentState = z.infer<typeof demoIntentStateResponseSchema>['data'];

export type DemoCard = { number: string; expiry: string; cvc: string };

// Stripe.js checks the expiry in the browser before any call; so does the demo, with Stripe's wording.
const EXPIRY_INCOMPLETE = "Your card's expiration date is incomplete.";

/**
 * The demo's refusals are worded as Stripe's, in English, and the contract lists them among its messages:
 * the learner reads them in the page's language. Stripe's own come from Stripe.
 */
function toState(state: DemoIntentState): CardPaymentState {
  if (state.status === 'succeeded' || state.status === 'requires_action') return { status: state.status };
  return {
    status: 'failed',
    message: state.error_message ? translateMessage(state.error_message) : paymentNotCompleted(),
    // As Stripe says it: a card declined after an approved bank step is a decline, not a failed step.
    authFailed: state.error_code === 'payment_intent_authentication_failure',
  };
}

/**
 * The demo gateway's stand-ins for Stripe.js, served by our own server (no network, no real charge).
 * `askBank` shows the demo's authentication dialog and resolves with the learner's answer.
 */
export function createDemoGateway({
  readCard,
  askBank,
}: {
  readCard: () => DemoCard;
  askBank: () => Promise<boolean>;
}): CardGateway {
  return {
    async createPaymentMethod() {
      const card = readCard();
      const expiry = parseExpiry(card.expiry);
      if (!expiry) throw new CardError(translateMessage(EXPIRY_INCOMPLETE));
      const body: DemoCardBody = {
        number: card.number,
        exp_month: expiry.month,
        exp_year: expiry.year,
        cvc: card.cvc,
      };
      const response = await api.call(ENDPOINTS.demoPaymentMethod, { body });
      return response.data.id;
    },
    async confirmCardPayment(clientSecret, paymentMethod) {
      const response = await api.call(ENDPOINTS.demoConfirmCardPayment, {
        body: { client_secret: clientSecret, payment_method: paymentMethod },
      });
      return toState(response.data);
    },
    async authenticate(clientSecret) {
      const approve = await askBank();
      const response = await api.call(ENDPOINTS.demoAuthenticate, {
        body: { client_secret: clientSecret, approve },
      });
      return toState(response.data);
    },
  };
}
