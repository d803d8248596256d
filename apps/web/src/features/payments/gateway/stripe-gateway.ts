import type { PaymentIntent, Stripe, StripeCardElement, StripeError } from '@stripe/stripe-js';
import { CardError, type CardGateway, type CardPaymentState, PAYMENT_NOT_COMPLETED } from './card-gateway';

type IntentResult = { paymentIntent?: PaymentIntent; error?: StripeError };

function toState({ paymentIntent, error }: IntentResult): CardPaymentState {
  if (error) {
    return {
      status: 'failed',
      message: error.message ?? PAYMENT_NOT_COMPLETED,
      authFailed: error.code === 'payment_intent_authentication_failure',
    };
  }
  if (paymentIntent?.status === 'succeeded') return { status: 'succeeded' };
  if (paymentIntent?.status === 'requires_action') return { status: 'requires_action' };
  return { status: 'failed', message: PAYMENT_NOT_COMPLETED, authFailed: false };
}

/**
 * Stripe.js behind the card gateway. confirmCardPayment opens the bank's 3-D Secure page itself, so it
 * rarely leaves 'requires_action'; handleNextAction finishes one that does.
 */
export function createStripeGateway(
  stripe: Stripe,
  cardElement: () => StripeCardElement | null,
): CardGateway {
  return {
    async createPaymentMethod() {
      const card = cardElement();
      if (!card) throw new CardError('The card field is still loading. Try again in a moment.');
      const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
      if (error) throw new CardError(error.message ?? PAYMENT_NOT_COMPLETED);
      return paymentMethod.id;
    },
    async confirmCardPayment(clientSecret, paymentMethod) {
      return toState(
        await stripe.confirmCardPayment(
          clientSecret,
          paymentMethod ? { payment_method: paymentMethod } : undefined,
        ),
      );
    },
    async authenticate(clientSecret) {
      const result = await stripe.handleNextAction({ clientSecret });
      return toState({
        error: result.error,
        paymentIntent: 'paymentIntent' in result ? result.paymentIntent : undefined,
      });
    },
  };
}
