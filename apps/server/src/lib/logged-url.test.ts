import { describe, expect, it } from 'vitest';
import { loggedUrl } from './logged-url';

describe('loggedUrl', () => {
  it('hides the feed secret and mail tokens, and keeps everything else', () => {
    expect(loggedUrl('/api/calendar-feed/abc_DEF-123')).toBe('/api/calendar-feed/[secret]');
    expect(loggedUrl('/api/calendar-feed/reset')).toBe('/api/calendar-feed/reset');
    expect(loggedUrl('/reset-password?token=s3cr3t')).toBe('/reset-password?token=[secret]');
    expect(loggedUrl('/api/unsubscribe?token=a%2Bb&topic=reminders')).toBe(
      '/api/unsubscribe?token=[secret]&topic=reminders',
    );
    expect(loggedUrl('/api/calendar-schedules?from=2026-11-01')).toBe(
      '/api/calendar-schedules?from=2026-11-01',
    );
  });
});
