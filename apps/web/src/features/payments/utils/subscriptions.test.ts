import type { UserSubscription } from '@tokenly/contract/checkout';
import { compileCatalog } from '@tokenly/i18n/compile';
import { readBundle } from '@tokenly/i18n/read-catalogs';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { canCancel, periodEndText } from './subscriptions';

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
  created_at: '2026-05-04T10:00:00.000Z',
  ...patch,
});

describe('periodEndText', () => {
  it('says when a running subscription renews', () => {
    expect(periodEndText(subscription({}))).toBe('Renews on 4 June 2026');
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
