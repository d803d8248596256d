import { userDetailsResponseSchema } from '@tokenly/contract/auth';
import { MESSAGES } from '@tokenly/contract/messages';
import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../../db/schema/auth-sessions';
import { DEFAULT_TEST_PASSWORD } from '../../db/seed/factories';
import { RESPONSE_CACHE_WINDOW_MS } from '../../plugins/response-cache';
import {
  bearer,
  cookieHeader,
  createTestApp,
  sessionCookieOf,
  signedInUser,
  signIn,
  type TestApp,
  XHR,
} from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { hashToken } from './auth-service';

const unauthenticated = {
  message: MESSAGES.unauthenticated,
  errorMessage: MESSAGES.unauthenticated,
  code: 'unauthenticated',
};

describe.each(TEST_DATABASE_KINDS)('sessions and guards on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // Routes that exist only to exercise the role guards; the real admin and learner calls come later.
    // Not calls of ENDPOINTS, so hidden from the OpenAPI document, which lists exactly those.
    const hide = { hide: true };
    t.app.get('/api/test/admin-only', { schema: hide, onRequest: t.app.requireRole('admin') }, async () => ({
      data: 'admin',
    }));
    t.app.post(
      '/api/test/learner-only',
      { schema: hide, onRequest: t.app.requireRole('user') },
      async () => ({
        data: 'user',
      }),
    );
  });
  afterAll(() => t.close());

  describe('credentials', () => {
    it('accepts the session cookie and the Bearer header alike for reads', async () => {
      const { token, user } = await signedInUser(t.app, t.db);
      for (const headers of [bearer(token), cookieHeader(token)]) {
        const response = await t.app.inject({ method: 'GET', url: '/api/user-details', headers });
        expect(response.statusCode).toBe(200);
        expect(userDetailsResponseSchema.parse(response.json()).data.id).toBe(user.id);
      }
    });

    it('answers 401 without credentials, with an unknown token and with a malformed header', async () => {
      const { token } = await signedInUser(t.app, t.db);
      for (const headers of [
        {},
        bearer('not-a-real-token'),
        cookieHeader('not-a-real-token'),
        { authorization: `Basic ${token}` },
        // An explicit but broken Authorization header is not silently replaced by the cookie.
        { authorization: 'Bearer', ...cookieHeader(token) },
      ]) {
        const response = await t.app.inject({ method: 'GET', url: '/api/user-details', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(unauthenticated);
      }
    });

    it('answers 401 once the session has expired', async () => {
      const { token } = await signedInUser(t.app, t.db);
      await t.db
        .update(authSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(authSessions.tokenHash, hashToken(token)));
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/user-details',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('X-Requested-With on cookie-authenticated writes', () => {
    it('refuses a cookie-authenticated POST without the marker header with 403', async () => {
      const { token } = await signedInUser(t.app, t.db);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user-details-save',
        headers: cookieHeader(token),
        payload: { name: 'Changed by a forged form' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: MESSAGES.markerHeaderRequired,
        errorMessage: MESSAGES.markerHeaderRequired,
        code: 'markerHeaderRequired',
      });
    });

    it('accepts it with the marker header, and Bearer writes without it', async () => {
      const { token } = await signedInUser(t.app, t.db);
      const withMarker = await t.app.inject({
        method: 'POST',
        url: '/api/user-details-save',
        headers: { ...cookieHeader(token), ...XHR },
        payload: { name: 'Via cookie' },
      });
      expect(withMarker.statusCode).toBe(200);

      const withBearer = await t.app.inject({
        method: 'POST',
        url: '/api/user-details-save',
        headers: bearer(token),
        payload: { name: 'Via bearer' },
      });
      expect(withBearer.statusCode).toBe(200);
      expect(withBearer.json().data.name).toBe('Via bearer');
    });

    it('does not need the marker header for cookie-authenticated reads', async () => {
      const { token } = await signedInUser(t.app, t.db);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/user-details',
        headers: cookieHeader(token),
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('role guards', () => {
    it('lets the right role through and answers 403 to the other one', async () => {
      const admin = await signedInUser(t.app, t.db, 'admin');
      const learner = await signedInUser(t.app, t.db, 'user');

      const adminAsAdmin = await t.app.inject({
        method: 'GET',
        url: '/api/test/admin-only',
        headers: bearer(admin.token),
      });
      expect(adminAsAdmin.statusCode).toBe(200);
      const learnerAsAdmin = await t.app.inject({
        method: 'GET',
        url: '/api/test/admin-only',
        headers: bearer(learner.token),
      });
      expect(learnerAsAdmin.statusCode).toBe(403);
      expect(learnerAsAdmin.json()).toEqual({
        message: MESSAGES.forbidden,
        errorMessage: MESSAGES.forbidden,
        code: 'forbidden',
      });

      const learnerAsLearner = await t.app.inject({
        method: 'POST',
        url: '/api/test/learner-only',
        headers: bearer(learner.token),
      });
      expect(learnerAsLearner.statusCode).toBe(200);
      const adminAsLearner = await t.app.inject({
        method: 'POST',
        url: '/api/test/learner-only',
        headers: bearer(admin.token),
      });
      expect(adminAsLearner.statusCode).toBe(403);
    });

    it('answers 401 before 403 when there is no session', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/admin-only' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('POST /api/logout', () => {
    it('revokes the session, clears the cookie and leaves the token unusable', async () => {
      const { token, user } = await signedInUser(t.app, t.db);
      const other = await signIn(t.app, { email: user.email, password: DEFAULT_TEST_PASSWORD });

      const response = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { ...cookieHeader(token), ...XHR },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { ok: true } });
      const cleared = sessionCookieOf(response);
      expect(cleared?.value).toBe('');
      expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());

      for (const headers of [bearer(token), cookieHeader(token)]) {
        const after = await t.app.inject({ method: 'GET', url: '/api/user-details', headers });
        expect(after.statusCode).toBe(401);
      }
      // Only this session ends: the same user signed in elsewhere stays signed in.
      const elsewhere = await t.app.inject({
        method: 'GET',
        url: '/api/user-details',
        headers: bearer(other),
      });
      expect(elsewhere.statusCode).toBe(200);
    });

    it('accepts a Bearer logout with an empty JSON body', async () => {
      const { token } = await signedInUser(t.app, t.db);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '',
      });
      expect(response.statusCode).toBe(200);
    });

    it('answers 401 when not signed in', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/logout' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('user details', () => {
    it('returns the signed-in user', async () => {
      const { token, user } = await signedInUser(t.app, t.db);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/user-details',
        headers: bearer(token),
      });
      expect(response.json()).toEqual({
        data: {
          id: user.id,
          name: user.name,
          timezone: null,
          email: user.email,
          user_role: 'user',
          level: user.level,
          cefr_level: null,
          country: null,
          locale: 'en',
          email_verified_at: null,
          created_at: user.createdAt.toISOString(),
          disabled_at: null,
        },
      });
    });

    it('saves the name, ignores an email change and answers with Settings Updated', async () => {
      const { token, user } = await signedInUser(t.app, t.db);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user-details-save',
        headers: bearer(token),
        payload: { name: '  New Name  ', email: 'hijack@example.com', password: '' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: MESSAGES.settingsUpdated,
        data: { name: 'New Name', email: user.email },
      });
    });

    const changePassword = (token: string, payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/user-details-save', headers: bearer(token), payload });

    it.each(['user', 'admin'] as const)(
      'changes the password of a %s with the right current one: this session stays, other sessions end',
      async (role) => {
        const { token, user, password } = await signedInUser(t.app, t.db, role);
        const otherDevice = await signIn(
          t.app,
          { email: user.email, password },
          role === 'admin' ? '/api/admin-login' : '/api/login',
        );

        const response = await changePassword(token, {
          name: user.name,
          current_password: password,
          password: 'a brand new secret',
          password_confirmation: 'a brand new secret',
        });
        expect(response.statusCode).toBe(200);

        const current = await t.app.inject({
          method: 'GET',
          url: '/api/user-details',
          headers: bearer(token),
        });
        expect(current.statusCode).toBe(200);
        const other = await t.app.inject({
          method: 'GET',
          url: '/api/user-details',
          headers: bearer(otherDevice),
        });
        expect(other.statusCode).toBe(401);

        const oldPassword = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password },
        });
        expect(oldPassword.statusCode).toBe(401);
        await expect(
          signIn(t.app, { email: user.email, password: 'a brand new secret' }),
        ).resolves.toBeTruthy();
      },
    );

    it('refuses a wrong current password with a 422 naming the field, and changes nothing', async () => {
      const { token, user, password } = await signedInUser(t.app, t.db);
      const otherDevice = await signIn(t.app, { email: user.email, password });

      const response = await changePassword(token, {
        name: 'Not Saved Either',
        current_password: 'not my password',
        password: 'a brand new secret',
        password_confirmation: 'a brand new secret',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: MESSAGES.currentPasswordWrong,
        errorMessage: MESSAGES.currentPasswordWrong,
        errors: { current_password: [MESSAGES.currentPasswordWrong] },
        code: 'currentPasswordWrong',
      });

      const other = await t.app.inject({
        method: 'GET',
        url: '/api/user-details',
        headers: bearer(otherDevice),
      });
      expect(other.statusCode).toBe(200);
      expect(other.json().data.name).toBe(user.name);
      await expect(signIn(t.app, { email: user.email, password })).resolves.toBeTruthy();
    });

    it('needs the current password and a matching confirmation for a new password', async () => {
      const { token, user, password } = await signedInUser(t.app, t.db);
      const missing = await changePassword(token, {
        name: user.name,
        password: 'a brand new secret',
        password_confirmation: 'a brand new secret',
      });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({ current_password: [MESSAGES.currentPasswordRequired] });

      const mismatch = await changePassword(token, {
        name: user.name,
        current_password: password,
        password: 'a brand new secret',
        password_confirmation: 'a different secret',
      });
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json().errors).toEqual({ password_confirmation: [MESSAGES.passwordsDoNotMatch] });
      await expect(signIn(t.app, { email: user.email, password })).resolves.toBeTruthy();
    });

    it('saves a name alone without the current password, and keeps other sessions', async () => {
      const { token, user, password } = await signedInUser(t.app, t.db);
      const otherDevice = await signIn(t.app, { email: user.email, password });
      const response = await changePassword(token, { name: 'Only The Name', password: '' });
      expect(response.statusCode).toBe(200);
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/user-details',
        headers: bearer(otherDevice),
      });
      expect(other.statusCode).toBe(200);
    });

    it('validates name and password', async () => {
      const { token } = await signedInUser(t.app, t.db);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user-details-save',
        headers: bearer(token),
        payload: { name: '', current_password: 'x', password: 'short', password_confirmation: 'short' },
      });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors).sort()).toEqual(['name', 'password']);
    });

    it('needs a session', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user-details-save',
        payload: { name: 'X' },
      });
      expect(response.statusCode).toBe(401);
    });
  });
});

// A read takes its session from memory for the rest of the response
// cache's window; this process's writes are seen at once, another process's within the window
// (docs/decisions/019).
describe.each(TEST_DATABASE_KINDS)('sessions of reads on %s', (kind) => {
  const clock = new TestClock(Date.now());
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
  });
  afterAll(() => t.close());

  const read = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/user-details', headers: bearer(token) });
  const sessionOf = (token: string) => eq(authSessions.tokenHash, hashToken(token));

  it('keeps a session another process ended for reads until the window ends, never for writes', async () => {
    const { token } = await signedInUser(t.app, t.db);
    expect((await read(token)).statusCode).toBe(200);

    await t.db.delete(authSessions).where(sessionOf(token));
    expect((await read(token)).statusCode).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/user-details-save',
      headers: bearer(token),
      payload: { name: 'Signed out elsewhere' },
    });
    expect(write.statusCode).toBe(401);

    await clock.setTime(clock.now() + RESPONSE_CACHE_WINDOW_MS);
    expect((await read(token)).statusCode).toBe(401);
  });

  it('sees a sign-out and a new password through this process at the next read', async () => {
    const { token, user } = await signedInUser(t.app, t.db);
    const otherDevice = await signIn(t.app, { email: user.email, password: DEFAULT_TEST_PASSWORD });
    expect((await read(token)).statusCode).toBe(200);
    expect((await read(otherDevice)).statusCode).toBe(200);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/user-details-save',
      headers: bearer(token),
      payload: {
        name: user.name,
        current_password: DEFAULT_TEST_PASSWORD,
        password: 'a brand new secret',
        password_confirmation: 'a brand new secret',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await read(otherDevice)).statusCode).toBe(401);

    const loggedOut = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(loggedOut.statusCode).toBe(200);
    expect((await read(token)).statusCode).toBe(401);
  });

  it('records last_seen_at at most once a minute, when a window first reads the session', async () => {
    const { token } = await signedInUser(t.app, t.db);
    const lastSeen = async () =>
      (await t.db.select().from(authSessions).where(sessionOf(token)))[0]?.lastSeenAt.getTime();

    const fresh = await lastSeen();
    expect((await read(token)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(fresh);

    const twoMinutesAgo = new Date(clock.now() - 2 * 60_000);
    await t.db.update(authSessions).set({ lastSeenAt: twoMinutesAgo }).where(sessionOf(token));
    expect((await read(token)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(twoMinutesAgo.getTime());
    await clock.setTime(clock.now() + RESPONSE_CACHE_WINDOW_MS);
    expect((await read(token)).statusCode).toBe(200);
    expect(await lastSeen()).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);
  });

  it('refuses a kept session once it has expired', async () => {
    const { token } = await signedInUser(t.app, t.db);
    // Sessions expire by the app's clock, which the database's comparison is given too.
    await clock.setTime(clock.now() + RESPONSE_CACHE_WINDOW_MS);
    const expiresAt = new Date(clock.now() + 3000);
    await t.db.update(authSessions).set({ expiresAt }).where(sessionOf(token));
    expect((await read(token)).statusCode).toBe(200);

    // Within the response cache's window the kept session is still refused once its time is up.
    await clock.setTime(expiresAt.getTime());
    expect((await read(token)).statusCode).toBe(401);
  });
});
