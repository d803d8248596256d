import { describe, expect, it } from 'vitest';
import { paymentStatusWords } from './payment-status';

// The administrator reads a payment's status in words: partly refunded once part of it went back.
describe('payment statuses on the admin screens', () => {
  it.each([
    [{ status: 'succeeded', amount_refunded: 0 }, 'Paid'],
    [{ status: 'succeeded', amount_refunded: 12.5 }, 'Partly refunded'],
    [{ status: 'refunded', amount_refunded: 50 }, 'Refunded'],
    [{ status: 'failed', amount_refunded: 0 }, 'Failed'],
    [{ status: 'pending', amount_refunded: 0 }, 'Pending'],
  ] as const)('%o reads %s', (payment, words) => {
    expect(paymentStatusWords(payment)).toBe(words);
  });
});
