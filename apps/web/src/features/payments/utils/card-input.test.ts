import { DEMO_CARDS } from '@tokenly/contract/checkout';
import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry, parseExpiry } from './card-input';

describe('formatCardNumber', () => {
  it('groups the digits in fours', () => {
    expect(formatCardNumber(DEMO_CARDS.succeeds)).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('40000025')).toBe('4000 0025');
    expect(formatCardNumber('400')).toBe('400');
  });

  it('drops anything but digits and stops at 19 digits', () => {
    expect(formatCardNumber('4000-0000 0000.9995')).toBe('4000 0000 0000 9995');
    expect(formatCardNumber('1234567890123456789012')).toBe('1234 5678 9012 3456 789');
    expect(formatCardNumber('')).toBe('');
  });

  it('groups an American Express number 4-6-5, as its card prints it', () => {
    expect(formatCardNumber(DEMO_CARDS.threeDSecureNotSupported)).toBe('3782 822463 10005');
    expect(formatCardNumber('378282')).toBe('3782 82');
    expect(formatCardNumber('3782')).toBe('3782');
  });

  it('does not end in a space when a group is complete', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('4242 ')).toBe('4242');
  });
});

describe('formatExpiry', () => {
  it('adds the slash once the month is typed', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('1234')).toBe('12/34');
  });

  it('lets a backspace over the slash remove it', () => {
    expect(formatExpiry('12/')).toBe('12');
  });

  it('keeps four digits at most', () => {
    expect(formatExpiry('12/3456')).toBe('12/34');
  });
});

describe('parseExpiry', () => {
  it('reads MM/YY as a month and a 20YY year', () => {
    expect(parseExpiry('04/31')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('4/31')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry(' 12 / 29 ')).toEqual({ month: 12, year: 2029 });
  });

  it('reads a four-digit year as it is', () => {
    expect(parseExpiry('01/2032')).toEqual({ month: 1, year: 2032 });
  });

  it('leaves month ranges to the gateway', () => {
    expect(parseExpiry('13/30')).toEqual({ month: 13, year: 2030 });
  });

  it('answers null while the date is incomplete', () => {
    for (const value of ['', '1', '12', '12/', '12/3', '12/345', 'ab/cd', '1234']) {
      expect(parseExpiry(value), value).toBeNull();
    }
  });
});

describe('formatCvc', () => {
  it('keeps up to four digits', () => {
    expect(formatCvc('12a3')).toBe('123');
    expect(formatCvc('123456')).toBe('1234');
  });
});
