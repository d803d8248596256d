import { DEMO_CARDS } from '@tokenly/contract/checkout';
import { describe, expect, it } from 'vitest';
import { periodEnd } from './billing-period';
import { checkDemoCard } from './demo-cards';

const NOW = new Date('2026-11-21T12:00:00Z');
const card = (number: string, exp_month = 12, exp_year = 2030, cvc = '123') => ({
  number,
  exp_month,
  exp_year,
  cvc,
});

describe('demo cards', () => {
  it("knows Stripe's test cards", () => {
    expect(checkDemoCard(card(DEMO_CARDS.succeeds), NOW)).toEqual({
      ok: true,
      behaviour: 'succeeds',
      brand: 'visa',
      last4: '4242',
    });
    expect(checkDemoCard(card(DEMO_CARDS.requiresAuthentication), NOW)).toMatchObject({
      behaviour: 'requires_authentication',
    });
    expect(checkDemoCard(card(DEMO_CARDS.insufficientFunds), NOW)).toMatchObject({
      behaviour: 'insufficient_funds',
    });
    expect(checkDemoCard(card(DEMO_CARDS.declined), NOW)).toMatchObject({ behaviour: 'declined' });
  });

  it("takes every card of Stripe's 3-D Secure tables, American Express's 15 digits included", () => {
    for (const number of Object.values(DEMO_CARDS)) {
      expect(checkDemoCard(card(number), NOW), number).toMatchObject({ ok: true, last4: number.slice(-4) });
    }
    expect(checkDemoCard(card(DEMO_CARDS.threeDSecureNotSupported, 12, 2030, '1234'), NOW)).toMatchObject({
      brand: 'amex',
      behaviour: 'succeeds',
    });
    // Fifteen digits are a whole American Express number and an incomplete Visa one.
    expect(checkDemoCard(card('424242424242424'), NOW)).toMatchObject({
      ok: false,
      message: 'Your card number is incomplete.',
    });
  });

  it('takes this month as still valid, last month and a bad checksum not', () => {
    expect(checkDemoCard(card(DEMO_CARDS.succeeds, 11, 26), NOW).ok).toBe(true);
    expect(checkDemoCard(card(DEMO_CARDS.succeeds, 10, 26), NOW)).toMatchObject({
      ok: false,
      field: 'exp_year',
    });
    expect(checkDemoCard(card('4242424242424243'), NOW)).toMatchObject({ ok: false, field: 'number' });
  });
});

describe('billing periods', () => {
  it('adds calendar months, clamped to the end of a shorter month', () => {
    expect(periodEnd(new Date('2026-01-31T10:00:00Z'), { months: 1 }).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(periodEnd(new Date('2028-01-31T10:00:00Z'), { months: 1 }).toISOString()).toBe(
      '2028-02-29T10:00:00.000Z',
    );
    expect(periodEnd(new Date('2026-03-15T00:00:00Z'), { months: 12 }).toISOString()).toBe(
      '2027-03-15T00:00:00.000Z',
    );
  });

  it('uses minutes when a demo shortens periods', () => {
    expect(periodEnd(new Date('2026-03-15T00:00:00Z'), { months: 6, minutes: 5 }).toISOString()).toBe(
      '2026-03-15T00:05:00.000Z',
    );
  });
});
