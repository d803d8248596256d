import type { PaymentIntent, Stripe, StripeCardElement, StripeError } from '@stripe/stripe-js';
import { t } from '../../../lib/i18n';
import { CardError, type CardGateway, type CardPaymentState, paymentNotCompleted } from './card-gateway';

type IntentResult = { paymentIntent?: PaymentIntent; error?: StripeError };

function toState({ paymentIntent, error }: IntentResult): CardPaymentState {
  if (error) {
    return {
      status: 'failed',
      message: error.message ?? paymentNotCompleted(),
      authFailed: error.code === 'payment_intent_authentication_failure',
    };
  }
  if (paymentIntent?.status === 'succeeded') return { status: 'succeeded' };
  if (paymentIntent?.status === 'requires_action') return { status: 'requires_action' };
  return { status: 'failed', message: paymentNotCompleted(), authFailed: false };
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
      if (!card) throw new CardError(t('payments.card.stillLoading'));
      const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
      if (error) throw new CardError(error.message ?? paymentNotCompleted());
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
