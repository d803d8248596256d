import { describe, expect, it } from 'vitest';
import { formatUsd } from './format';

describe('formatUsd', () => {
  it("writes what Intl's en-US currency format writes, cents only when there are some", () => {
    const whole = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const amount of [0, 1, 28, 450, 999, 1000, 1234, 99_999, 1_000_000, 12_345_678, -5, -1234]) {
      expect(formatUsd(amount)).toBe(whole.format(amount));
    }
    for (const amount of [
      0.5, 12.5, 12.05, 99.99, 1234.5, 1_000_000.01, -0.5, -1234.56, 19.999, 1.005, 0.125,
    ]) {
      expect(formatUsd(amount)).toBe(cents.format(amount));
    }
  });

  it("shows SPEC.md's plan prices as it lists them", () => {
    expect(formatUsd(28)).toBe('$28');
    expect(formatUsd(450)).toBe('$450');
    expect(formatUsd(12.5)).toBe('$12.50');
  });
});
