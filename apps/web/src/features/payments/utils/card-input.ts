// The demo card field's typing aids. The card itself is judged by the gateway, not here (SPEC.md section
// 5: "card errors come from the provider").

const MAX_CARD_DIGITS = 19;

/**
 * Digits in groups of four as the learner types: '4242424242424242' → '4242 4242 4242 4242'; an American
 * Express number (34 or 37, 15 digits) as its card prints it, 4-6-5: '3782 822463 10005'.
 */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, MAX_CARD_DIGITS);
  if (/^3[47]/.test(digits) && digits.length <= 15) {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY as the learner types; the slash appears once the month is complete. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** 'MM/YY' (or MM/YYYY) into the month and the full year; null while it is incomplete. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match?.[1] || !match[2]) return null;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: match[2].length === 2 ? 2000 + year : year };
}

export function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}
