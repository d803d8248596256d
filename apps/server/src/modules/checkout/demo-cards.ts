import { DEMO_CARDS } from '@tokenly/contract/checkout';

// Stripe's test cards and the messages Stripe gives for them, so a school trying the demo sees what
// its learners will see with real Stripe.

export type DemoCardBehaviour = 'succeeds' | 'requires_authentication' | 'insufficient_funds' | 'declined';

export const DEMO_DECLINE_MESSAGES = {
  insufficient_funds: 'Your card has insufficient funds.',
  declined: 'Your card was declined.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

const BEHAVIOUR_BY_NUMBER: Record<string, DemoCardBehaviour> = {
  [DEMO_CARDS.succeeds]: 'succeeds',
  [DEMO_CARDS.requiresAuthentication]: 'requires_authentication',
  [DEMO_CARDS.insufficientFunds]: 'insufficient_funds',
  [DEMO_CARDS.declined]: 'declined',
};

export type DemoCard = { number: string; exp_month: number; exp_year: number; cvc: string };

export type DemoCardCheck =
  | { ok: true; behaviour: DemoCardBehaviour; last4: string }
  | { ok: false; field: keyof DemoCard; message: string };

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

/** Checks a card as Stripe's card field would, then says how the demo treats it. */
export function checkDemoCard(card: DemoCard, now: Date = new Date()): DemoCardCheck {
  if (card.number.length < 16)
    return { ok: false, field: 'number', message: 'Your card number is incomplete.' };
  if (!passesLuhn(card.number))
    return { ok: false, field: 'number', message: 'Your card number is incorrect.' };
  // Two-digit years, as typed in MM/YY, are this century's.
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (card.exp_month - 1) < thisMonth) {
    return { ok: false, field: 'exp_year', message: "Your card's expiration date is in the past." };
  }
  const behaviour = BEHAVIOUR_BY_NUMBER[card.number];
  if (!behaviour) {
    return {
      ok: false,
      field: 'number',
      message: "Demo payments take Stripe's test cards only, such as 4242 4242 4242 4242.",
    };
  }
  return { ok: true, behaviour, last4: card.number.slice(-4) };
}
