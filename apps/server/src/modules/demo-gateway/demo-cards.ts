import { createHash } from 'node:crypto';
import { DEMO_CARDS, type DEMO_ERROR_CODES } from '@tokenly/contract/checkout';
import { MESSAGES } from '@tokenly/contract/messages';

// Stripe's test cards and the messages Stripe gives for them, so a school trying the demo sees what
// its learners will see with real Stripe.

/**
 * How a card meets a payment its holder makes: the bank's 3-D Secure challenge first or not, then a
 * decline or not. Stored by name on the demo's payment methods, so a name never changes meaning.
 */
export type DemoCardBehaviour =
  | 'succeeds'
  | 'requires_authentication'
  | 'insufficient_funds'
  | 'declined'
  | 'processing_error'
  | 'authenticated_then_declined'
  | 'authenticated_then_insufficient_funds'
  | 'attaches_then_fails';

type Decline = 'insufficient_funds' | 'declined' | 'processing_error';

const OUTCOMES: Record<DemoCardBehaviour, { challenge: boolean; decline: Decline | null }> = {
  succeeds: { challenge: false, decline: null },
  requires_authentication: { challenge: true, decline: null },
  insufficient_funds: { challenge: false, decline: 'insufficient_funds' },
  declined: { challenge: false, decline: 'declined' },
  processing_error: { challenge: false, decline: 'processing_error' },
  authenticated_then_declined: { challenge: true, decline: 'declined' },
  authenticated_then_insufficient_funds: { challenge: true, decline: 'insufficient_funds' },
  attaches_then_fails: { challenge: false, decline: 'declined' },
};

/** Whether the card can be saved to a membership at all (Stripe refuses to attach a declined card). */
export const attaches = (behaviour: DemoCardBehaviour) => behaviour !== 'declined';

export const DEMO_DECLINE_MESSAGES = {
  insufficient_funds: MESSAGES.cardInsufficientFunds,
  declined: MESSAGES.cardDeclined,
  processing_error: MESSAGES.cardProcessingError,
  authenticationFailed: MESSAGES.cardAuthenticationFailed,
} as const;

export type DemoPaymentError = { message: string; code: (typeof DEMO_ERROR_CODES)[number] };

const declineError = (decline: Decline): DemoPaymentError => ({
  message: DEMO_DECLINE_MESSAGES[decline],
  // Stripe reports insufficient funds as card_declined with a decline code of its own.
  code: decline === 'processing_error' ? 'processing_error' : 'card_declined',
});

export const AUTHENTICATION_FAILED: DemoPaymentError = {
  message: DEMO_DECLINE_MESSAGES.authenticationFailed,
  code: 'payment_intent_authentication_failure',
};

/** Whether the bank asks the cardholder to authenticate before the card is charged. */
export const asksForAuthentication = (behaviour: DemoCardBehaviour) => OUTCOMES[behaviour].challenge;

/** The charge once any challenge is passed: null when it goes through. */
export function chargeError(behaviour: DemoCardBehaviour): DemoPaymentError | null {
  const { decline } = OUTCOMES[behaviour];
  return decline ? declineError(decline) : null;
}

const BEHAVIOUR_BY_NUMBER: Record<string, DemoCardBehaviour> = {
  [DEMO_CARDS.succeeds]: 'succeeds',
  [DEMO_CARDS.insufficientFunds]: 'insufficient_funds',
  [DEMO_CARDS.declined]: 'declined',
  [DEMO_CARDS.requiresAuthentication]: 'requires_authentication',
  [DEMO_CARDS.alwaysAuthenticate]: 'requires_authentication',
  // Set up for payments without the cardholder; one the cardholder makes still asks the bank.
  [DEMO_CARDS.alreadySetUp]: 'requires_authentication',
  [DEMO_CARDS.authenticatedThenInsufficientFunds]: 'authenticated_then_insufficient_funds',
  [DEMO_CARDS.threeDSecureRequired]: 'requires_authentication',
  [DEMO_CARDS.authenticatedThenDeclined]: 'authenticated_then_declined',
  // The 3-D Secure lookup fails before any challenge could be shown.
  [DEMO_CARDS.threeDSecureLookupError]: 'processing_error',
  // Supported, not required: Stripe's default rules do not ask, so the error on trying never shows.
  [DEMO_CARDS.threeDSecureOptional]: 'succeeds',
  [DEMO_CARDS.threeDSecureOptionalErrorIfAttempted]: 'succeeds',
  [DEMO_CARDS.threeDSecureNotSupported]: 'succeeds',
  [DEMO_CARDS.attachesThenFails]: 'attaches_then_fails',
};

export type DemoCard = { number: string; exp_month: number; exp_year: number; cvc: string };

export type DemoCardCheck =
  | { ok: true; behaviour: DemoCardBehaviour; brand: DemoCardBrand; last4: string }
  | { ok: false; field: keyof DemoCard; message: string };

type DemoCardBrand = 'visa' | 'amex';
// American Express numbers start 34 or 37 and have 15 digits; Stripe's other test cards 16.
const brandOf = (number: string): DemoCardBrand => (/^3[47]/.test(number) ? 'amex' : 'visa');
const DIGITS: Record<DemoCardBrand, number> = { visa: 16, amex: 15 };

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Stripe's card.fingerprint stands for the card number without showing it; so does this. */
export const demoCardFingerprint = (number: string) =>
  createHash('sha256').update(`demo-card:${number}`).digest('base64url').slice(0, 16);

/** Checks a card as Stripe's card field would, then says how the demo treats it. */
export function checkDemoCard(card: DemoCard, now: Date): DemoCardCheck {
  const brand = brandOf(card.number);
  if (card.number.length < DIGITS[brand])
    return { ok: false, field: 'number', message: MESSAGES.cardNumberIncomplete };
  if (!passesLuhn(card.number)) return { ok: false, field: 'number', message: MESSAGES.cardNumberIncorrect };
  // Two-digit years, as typed in MM/YY, are this century's.
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (card.exp_month - 1) < thisMonth) {
    return { ok: false, field: 'exp_year', message: MESSAGES.cardExpired };
  }
  const behaviour = BEHAVIOUR_BY_NUMBER[card.number];
  if (!behaviour) {
    return {
      ok: false,
      field: 'number',
      message: MESSAGES.demoCardsOnly,
    };
  }
  return { ok: true, behaviour, brand, last4: card.number.slice(-4) };
}
