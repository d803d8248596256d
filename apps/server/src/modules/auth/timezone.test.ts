import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

// Each user's time zone, for the times in their mail: the browser's at sign-up, then Settings.

describe.each(TEST_DATABASE_KINDS)("a user's time zone on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const register = (email: string, timezone?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Zoe Zone',
        email,
        password: 'Password123!',
        password_confirmation: 'Password123!',
        level: 1,
        timezone,
      },
    });

  it('is taken at sign-up, unknown until then, and changed in Settings', async () => {
    const signedUp = await register('zoe-zone@tokenly.test', 'America/New_York');
    expect(signedUp.statusCode).toBe(201);
    expect(signedUp.json().data.timezone).toBe('America/New_York');

    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/user-details-save',
      headers: bearer(signedUp.json().access_token),
      payload: { name: 'Zoe Zone', timezone: 'Asia/Tokyo' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.timezone).toBe('Asia/Tokyo');

    const without = await register('no-zone@tokenly.test');
    expect(without.json().data.timezone).toBeNull();
  });

  it('refuses a zone that does not exist', async () => {
    const response = await register('mars@tokenly.test', 'Mars/Olympus');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ timezone: ['Choose a valid time zone.'] });
  });
});
