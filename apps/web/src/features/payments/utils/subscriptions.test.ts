import type { UserSubscription } from '@tokenly/contract/checkout';
import { compileCatalog } from '@tokenly/i18n/compile';
import { readBundle } from '@tokenly/i18n/read-catalogs';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import {
  canCancel,
  canChangePlan,
  canPause,
  canResume,
  canUpdateCard,
  dunningLines,
  nextChargeText,
  pauseLine,
  periodEndText,
  scheduledChangeLine,
} from './subscriptions';

// The page's words in English, as a learner's browser loads them with the learner's screens.
beforeAll(() => {
  i18n.load('en', compileCatalog(readBundle('en', 'learner')));
  i18n.activate('en');
});

const subscription = (patch: Partial<UserSubscription>): UserSubscription => ({
  id: 1,
  token_plan: { id: 5, token_title: 'Monthly Membership', token_credit: 8 },
  subscription_id: 'sub_1',
  status: 'active',
  current_period_start: '2026-05-04T10:00:00.000Z',
  current_period_end: '2026-06-04T10:00:00.000Z',
  cancel_at_period_end: false,
  past_due_since: null,
  next_payment_attempt: null,
  bookings_blocked_from: null,
  paused_from: null,
  paused_until: null,
  amount: 4700,
  scheduled_change: null,
  created_at: '2026-05-04T10:00:00.000Z',
  ...patch,
});

describe('periodEndText', () => {
  it('says when a running subscription charges next, and how much', () => {
    expect(periodEndText(subscription({}))).toBe('Renews on 4 June 2026');
    expect(nextChargeText(subscription({}))).toBe('Next charge: $47');
    expect(nextChargeText(subscription({ cancel_at_period_end: true }))).toBeNull();
  });

  it('says when a subscription cancelled at period end stops', () => {
    expect(periodEndText(subscription({ cancel_at_period_end: true }))).toBe('Ends on 4 June 2026');
  });

  it('says nothing for a subscription that does not run or has no period', () => {
    expect(periodEndText(subscription({ status: 'canceled' }))).toBeNull();
    expect(periodEndText(subscription({ status: 'incomplete' }))).toBeNull();
    expect(periodEndText(subscription({ current_period_end: null }))).toBeNull();
  });
});

describe('dunningLines', () => {
  const pastDue = subscription({
    status: 'past_due',
    past_due_since: '2026-06-04T10:00:00.000Z',
    next_payment_attempt: '2026-06-05T10:00:00.000Z',
    bookings_blocked_from: '2026-06-07T10:00:00.000Z',
  });

  it('says since when a renewal is unpaid, the next try and when bookings stop', () => {
    expect(periodEndText(pastDue)).toBeNull();
    expect(dunningLines(pastDue, new Date('2026-06-05T00:00:00.000Z'))).toEqual([
      'Past due since 4 June 2026: the renewal payment failed.',
      'We will try your card again on 5 June 2026.',
      'From 7 June 2026, classes cannot be booked with credits until the payment goes through.',
    ]);
    expect(dunningLines(pastDue, new Date('2026-06-08T00:00:00.000Z'))[2]).toBe(
      'Classes cannot be booked with credits until the payment goes through.',
    );
    expect(canUpdateCard(pastDue)).toBe(true);
  });

  it('says nothing of a paid or ended membership', () => {
    expect(dunningLines(subscription({}))).toEqual([]);
    expect(dunningLines({ ...pastDue, status: 'canceled' })).toEqual([]);
    expect(canUpdateCard(subscription({ status: 'canceled' }))).toBe(false);
  });
});

describe('pauseLine', () => {
  const paused = subscription({
    paused_from: '2026-06-04T10:00:00.000Z',
    paused_until: '2026-08-04T10:00:00.000Z',
  });

  it('says a planned pause, then the running one, and charges again when it ends', () => {
    expect(pauseLine(paused, new Date('2026-05-20T00:00:00.000Z'))).toBe(
      'Pauses from 4 June 2026 until 4 August 2026',
    );
    expect(pauseLine(paused, new Date('2026-06-20T00:00:00.000Z'))).toBe('Paused until 4 August 2026');
    expect(periodEndText(paused)).toBe('Renews on 4 August 2026');
    expect([canPause(paused), canResume(paused)]).toEqual([false, true]);
  });

  it('offers a pause only to a membership in good standing', () => {
    expect(pauseLine(subscription({}))).toBeNull();
    expect(canPause(subscription({}))).toBe(true);
    expect(canPause(subscription({ cancel_at_period_end: true }))).toBe(false);
    expect(canPause(subscription({ status: 'past_due', past_due_since: '2026-06-04T10:00:00.000Z' }))).toBe(
      false,
    );
  });
});

describe('canCancel', () => {
  it('allows cancelling a running subscription once', () => {
    expect(canCancel(subscription({}))).toBe(true);
    expect(canCancel(subscription({ status: 'past_due' }))).toBe(true);
    expect(canCancel(subscription({ cancel_at_period_end: true }))).toBe(false);
  });

  it('offers nothing to cancel when it is not running', () => {
    for (const status of ['canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused'] as const) {
      expect(canCancel(subscription({ status })), status).toBe(false);
    }
  });
});

describe('scheduledChangeLine', () => {
  it('names the cheaper plan the next renewal moves to, and charges its price', () => {
    const moving = subscription({
      amount: 6500,
      scheduled_change: {
        token_plan: { id: 6, token_title: 'Monthly Membership', token_credit: 8, amount: 4700 },
        takes_effect_at: '2026-06-04T10:00:00.000Z',
      },
    });
    expect(scheduledChangeLine(moving)).toBe(
      'Moves to Monthly Membership (8 tokens a period) on 4 June 2026.',
    );
    expect(nextChargeText(moving)).toBe('Next charge: $47');
    expect(canChangePlan(moving)).toBe(false);
    expect(canChangePlan(subscription({}))).toBe(true);
    expect(scheduledChangeLine(subscription({}))).toBeNull();
  });
});
