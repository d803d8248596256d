import { describe, expect, it } from 'vitest';
import { hideUrlSecrets, loggedUrl } from './logged-url';

describe('loggedUrl', () => {
  it('hides the feed secret and mail tokens, and keeps everything else', () => {
    expect(loggedUrl('/api/calendar-feed/abc_DEF-123')).toBe('/api/calendar-feed/[secret]');
    expect(loggedUrl('/api/calendar-feed/reset')).toBe('/api/calendar-feed/reset');
    expect(loggedUrl('/reset-password?token=s3cr3t')).toBe('/reset-password?token=[secret]');
    expect(loggedUrl('/api/unsubscribe?token=a%2Bb&topic=reminders')).toBe(
      '/api/unsubscribe?token=[secret]&topic=reminders',
    );
    expect(loggedUrl('/gift/GIFT-AB2C-DEFG-H3JK')).toBe('/gift/GIFT-[secret]');
    expect(loggedUrl('/api/calendar-schedules?from=2026-11-01')).toBe(
      '/api/calendar-schedules?from=2026-11-01',
    );
  });

  it('hides every secret address in a mail, in its text, its HTML and its headers', () => {
    const text = [
      'Set a new password: https://english.example.com/reset-password?token=s3cr3t_-x',
      'Or stop them: https://english.example.com/unsubscribe?token=a%2Bb&kind=class-reminder.',
      'Your feed: https://english.example.com/api/calendar-feed/abc123 (keep it private)',
    ].join('\n');
    expect(hideUrlSecrets(text, '…')).toBe(
      [
        'Set a new password: https://english.example.com/reset-password?token=…',
        'Or stop them: https://english.example.com/unsubscribe?token=…&kind=class-reminder.',
        'Your feed: https://english.example.com/api/calendar-feed/… (keep it private)',
      ].join('\n'),
    );
    expect(
      hideUrlSecrets(
        '<a href="https://x.test/verify-email?token=v3r1fy">https://x.test/verify-email?token=v3r1fy</a>',
        '…',
      ),
    ).toBe('<a href="https://x.test/verify-email?token=…">https://x.test/verify-email?token=…</a>');
    expect(hideUrlSecrets('<https://x.test/api/unsubscribe?kind=credits-expiring&amp;token=t0k>', '…')).toBe(
      '<https://x.test/api/unsubscribe?kind=credits-expiring&amp;token=…>',
    );
    // Nothing else changes: a word, another parameter, the feed's reset call.
    const plain =
      'Your token balance: 8. https://x.test/user/list-schedule?tokens=8 /api/calendar-feed/reset';
    expect(hideUrlSecrets(plain, '…')).toBe(plain);
  });
});
