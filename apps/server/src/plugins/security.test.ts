import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  createTestApp,
  sessionCookieOf,
  signedInUser,
  type TestApp,
  XHR,
} from '../test/test-app';
import { HSTS } from './security';

// HSTS only where it may be sent, a Permissions-Policy, and no cached API answers. Headers do
// not depend on the database, so PGlite alone.

describe('security headers', () => {
  let direct: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    direct = await createTestApp('pglite', { trustProxy: false });
    proxied = await createTestApp('pglite', { trustProxy: true });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends Strict-Transport-Security only on requests that arrived over HTTPS', async () => {
    // RFC 6797 section 7.2: never over plain HTTP, nor on a forwarded header nobody was told to trust.
    expect((await get(direct, '/api/health')).headers['strict-transport-security']).toBeUndefined();
    const forged = await get(direct, '/api/health', { 'x-forwarded-proto': 'https' });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    // Behind a TLS-terminating proxy that TRUST_PROXY trusts.
    const overTls = await get(proxied, '/api/health', { 'x-forwarded-proto': 'https' });
    expect(overTls.headers['strict-transport-security']).toBe(HSTS);
    const overHttp = await get(proxied, '/api/health', { 'x-forwarded-proto': 'http' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    // Pages and errors alike.
    const unknown = await get(proxied, '/no-such-page', { 'x-forwarded-proto': 'https' });
    expect(unknown.headers['strict-transport-security']).toBe(HSTS);
  });

  it('marks the session cookie Secure, set and cleared, whenever the visitor came over HTTPS', async () => {
    const login = async (t: TestApp, forwarded?: string) => {
      const { user, password } = await signedInUser(t.app, t.db);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: forwarded === undefined ? {} : { 'x-forwarded-proto': forwarded },
        payload: { email: user.email, password, remember: true },
      });
      expect(response.statusCode).toBe(200);
      return response;
    };
    const secureOf = async (t: TestApp, forwarded?: string) =>
      sessionCookieOf(await login(t, forwarded))?.secure ?? false;
    // Behind the proxy TRUST_PROXY trusts: its https, also through a chain of proxies (Fastify's
    // `protocol` reads the last entry only) or written in capitals.
    expect(await secureOf(proxied, 'https')).toBe(true);
    expect(await secureOf(proxied, 'https, http')).toBe(true);
    expect(await secureOf(proxied, 'HTTPS')).toBe(true);
    const chained = await get(proxied, '/api/health', { 'x-forwarded-proto': 'https,http' });
    expect(chained.headers['strict-transport-security']).toBe(HSTS);
    // Plain http, and a forwarded header nobody was told to trust: a cookie the browser sends back.
    expect(await secureOf(proxied, 'http')).toBe(false);
    expect(await secureOf(proxied)).toBe(false);
    expect(await secureOf(direct, 'https')).toBe(false);

    // Logging out clears it with the same attributes, or the browser would keep the Secure one.
    const token = sessionCookieOf(await login(proxied, 'https, http'))?.value ?? '';
    const logout = await proxied.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...XHR, ...cookieHeader(token), 'x-forwarded-proto': 'https, http' },
    });
    expect(logout.statusCode).toBe(200);
    expect(sessionCookieOf(logout)).toMatchObject({ value: '', secure: true });
  });

  it('denies the browser features the site does not use, and payment to all but Stripe', async () => {
    for (const url of ['/api/health', '/api/docs/', '/no-such-page', '/api/user-details']) {
      const policy = String((await get(direct, url)).headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'usb', 'display-capture']) {
        expect(policy, url).toContain(`${feature}=()`);
      }
      expect(policy, url).toContain('payment=("https://js.stripe.com")');
    }
  });

  it('sends helmet’s headers on every answer, pages and errors alike', async () => {
    // Worked out once at start (helmetHeaders), so they must not depend on which route answered.
    const first = (await get(direct, '/api/health')).headers;
    expect(first['content-security-policy']).toContain("default-src 'self'");
    const names = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];
    for (const name of names) expect(first[name], name).toBeTruthy();
    for (const url of ['/api/docs/', '/no-such-page', '/api/user-details', '/api/no-such-call']) {
      const headers = (await get(direct, url)).headers;
      for (const name of names) {
        expect(headers[name], `${url} ${name}`).toBe(first[name]);
      }
    }
  });

  it('marks answers that carry a token or a person’s data no-store, errors included', async () => {
    const { user, password, token } = await signedInUser(direct.app, direct.db);
    const answers = [
      await direct.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password },
      }),
      await direct.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          name: 'No Store',
          email: 'no-store@tokenly.test',
          password: 'Password123!',
          password_confirmation: 'Password123!',
          level: 1,
        },
      }),
      await direct.app.inject({
        method: 'POST',
        url: '/api/admin-login',
        payload: { email: user.email, password },
      }),
      await get(direct, '/api/user-details', { authorization: `Bearer ${token}` }),
      await get(direct, '/api/user-details'),
      await direct.app.inject({ method: 'POST', url: '/api/logout', headers: XHR }),
      await get(direct, '/api/no-such-call'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 201, 403, 200, 401, 401, 404]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });
});
