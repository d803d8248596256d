import { t } from '../../../lib/i18n';

// The browser half of the payment gateway (DESIGN.md section 6): the demo card field and Stripe's Card
// Element both hide behind this, so the checkout flow is written once.

/** Where a card payment stands after a gateway call, in the provider's own words when it failed. */
export type CardPaymentState =
  | { status: 'succeeded' }
  | { status: 'requires_action' }
  // authFailed: the card holder's bank refused the authentication step (SPEC.md section 8's 'Auth failed').
  | { status: 'failed'; message: string; authFailed: boolean };

export type CardGateway = {
  /** Turns what was typed into the card field into a payment method id; throws CardError when refused. */
  createPaymentMethod(): Promise<string>;
  /** Confirms a payment intent (or a subscription's first invoice, which already has its card). */
  confirmCardPayment(clientSecret: string, paymentMethod?: string): Promise<CardPaymentState>;
  /** Runs the bank's authentication step for a payment left at 'requires_action'. */
  authenticate(clientSecret: string): Promise<CardPaymentState>;
};

/** A refusal by the card field or the provider; its message is shown to the learner as it is. */
export class CardError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardError';
  }
}

/** Ours, not the provider's: said when a payment stops without the provider giving a reason. */
export const paymentNotCompleted = () => t('payments.checkout.notCompleted');
