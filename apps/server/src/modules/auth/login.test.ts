import { authResponseSchema } from '@tokenly/contract/auth';
import { MESSAGES } from '@tokenly/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../../db/schema/auth-sessions';
import { createUser, uniqueEmail } from '../../db/seed/factories';
import { bearer, createTestApp, sessionCookieOf, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { hashToken } from './auth-service';

const HOUR_MS = 60 * 60 * 1000;
const invalidCredentials = {
  message: MESSAGES.invalidCredentials,
  errorMessage: MESSAGES.invalidCredentials,
  code: 'invalidCredentials',
};

describe.each(TEST_DATABASE_KINDS)('login calls on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { trustProxy: true });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

  describe('POST /api/login', () => {
    it('signs in with a 12-hour session and a browser-session cookie', async () => {
      const { user, password } = await createUser(t.db);
      const before = Date.now();
      const response = await post('/api/login', { email: user.email.toUpperCase(), password });

      expect(response.statusCode).toBe(200);
      const body = authResponseSchema.parse(response.json());
      expect(body).toMatchObject({ user_type: 'user', user_role: 'user', data: { id: user.id } });
      const lifetime = new Date(body.token.expires_at).getTime() - before;
      expect(lifetime).toBeGreaterThan(12 * HOUR_MS - 60_000);
      expect(lifetime).toBeLessThanOrEqual(12 * HOUR_MS + 60_000);

      const cookie = sessionCookieOf(response);
      expect(cookie).toMatchObject({ value: body.access_token, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.maxAge).toBeUndefined();
    });

    it('keeps a remembered session 30 days, with a matching cookie Max-Age', async () => {
      const { user, password } = await createUser(t.db);
      const response = await post('/api/login', { email: user.email, password, remember: true });

      expect(response.statusCode).toBe(200);
      const thirtyDays = 30 * 24 * 60 * 60;
      expect(sessionCookieOf(response)?.maxAge).toBeGreaterThan(thirtyDays - 60);
      expect(sessionCookieOf(response)?.maxAge).toBeLessThanOrEqual(thirtyDays);
      const expiresAt = new Date(response.json().token.expires_at).getTime();
      expect(expiresAt - Date.now()).toBeGreaterThan(29 * 24 * HOUR_MS);
    });

    it('marks the cookie Secure when the request came over https', async () => {
      const { user, password } = await createUser(t.db);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        // The test app trusts the proxy, as a deployment behind TLS termination would (TRUST_PROXY=1).
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: user.email, password },
      });
      expect(sessionCookieOf(response)?.secure).toBe(true);
    });

    it('answers 401 with one message for a wrong password and for an unknown email', async () => {
      const { user } = await createUser(t.db);
      const wrongPassword = await post('/api/login', { email: user.email, password: 'wrong password' });
      const unknownEmail = await post('/api/login', { email: uniqueEmail('nobody'), password: 'whatever1' });

      for (const response of [wrongPassword, unknownEmail]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(invalidCredentials);
        expect(sessionCookieOf(response)).toBeUndefined();
      }
    });

    it('lets an administrator sign in too, reporting the admin role', async () => {
      const { user, password } = await createUser(t.db, { role: 'admin' });
      const response = await post('/api/login', { email: user.email, password });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ user_type: 'admin', user_role: 'admin' });
    });

    it('validates the body per field', async () => {
      const response = await post('/api/login', { email: 'nope', password: '' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        email: ['Enter a valid email address.'],
        password: ['Password is required.'],
      });
    });

    it('stores only the sha256 of the session token', async () => {
      const { user, password } = await createUser(t.db);
      const token = (await post('/api/login', { email: user.email, password })).json().access_token as string;

      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await t.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.tokenHash).toBe(hashToken(token));
      expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(rows)).not.toContain(token);
    });
  });

  describe('POST /api/admin-login', () => {
    it('signs an administrator in', async () => {
      const { user, password } = await createUser(t.db, { role: 'admin' });
      const response = await post('/api/admin-login', { email: user.email, password });

      expect(response.statusCode).toBe(200);
      expect(authResponseSchema.parse(response.json())).toMatchObject({
        user_type: 'admin',
        user_role: 'admin',
      });
      expect(sessionCookieOf(response)?.value).toBe(response.json().access_token);
    });

    it('refuses a learner with 403 and creates no session', async () => {
      const { user, password } = await createUser(t.db);
      const response = await post('/api/admin-login', { email: user.email, password });

      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: MESSAGES.notAdmin,
        errorMessage: MESSAGES.notAdmin,
        code: 'notAdmin',
      });
      expect(sessionCookieOf(response)).toBeUndefined();
      expect(await t.db.$count(authSessions, eq(authSessions.userId, user.id))).toBe(0);
    });

    it('answers a learner with a wrong password like anyone else, not revealing the role', async () => {
      const { user } = await createUser(t.db);
      const response = await post('/api/admin-login', { email: user.email, password: 'wrong password' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(invalidCredentials);
    });
  });

  it('signs in with a Bearer token from the response', async () => {
    const { user, password } = await createUser(t.db);
    const token = (await post('/api/login', { email: user.email, password })).json().access_token as string;
    const details = await t.app.inject({ method: 'GET', url: '/api/user-details', headers: bearer(token) });
    expect(details.statusCode).toBe(200);
  });
});
