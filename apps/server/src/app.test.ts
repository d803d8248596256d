import { errorBodySchema } from '@tokenly/contract/common';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signedInUser, type TestApp, XHR } from './test/test-app';
import { TEST_DATABASE_KINDS } from './test/test-database';

const endpoints = Object.values(ENDPOINTS).map((endpoint) => ({
  method: endpoint.method,
  auth: endpoint.auth,
  url: `/api/${endpoint.path.replace(':id', '1')}`,
}));

const hostileBodies: { label: string; headers: Record<string, string>; payload: string }[] = [
  { label: 'malformed JSON', headers: { 'content-type': 'application/json' }, payload: '{"email":' },
  { label: 'a JSON array', headers: { 'content-type': 'application/json' }, payload: '[1,2,3]' },
  {
    label: 'wrong types everywhere',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      name: { first: 'x' },
      email: ['a@b.c'],
      password: 12345678,
      password_confirmation: null,
      level: 'expert',
      remember: { yes: true },
      id: -1,
    }),
  },
  {
    label: 'a prototype-poisoning body',
    headers: { 'content-type': 'application/json' },
    payload: '{"__proto__": {"role": "admin"}, "name": "x"}',
  },
  { label: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
  { label: 'a form post', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' },
  {
    label: 'a 2 MB body',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
  },
];

describe.each(TEST_DATABASE_KINDS)('the API on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    t.app.get('/api/test/crash', { schema: { hide: true } }, async () => {
      throw new Error('connection string postgres://secret@db');
    });
    token = (await signedInUser(t.app, t.db)).token;
  });
  afterAll(() => t.close());

  it('never answers hostile input with a 5xx, always with the standard error body', async () => {
    for (const endpoint of endpoints) {
      for (const body of hostileBodies) {
        for (const auth of [{}, bearer(token)]) {
          const response = await t.app.inject({
            method: endpoint.method,
            url: endpoint.url,
            headers: { ...body.headers, ...auth },
            payload: endpoint.method === 'GET' ? undefined : body.payload,
          });
          const where = `${endpoint.method} ${endpoint.url} with ${body.label}`;
          expect(response.statusCode, where).toBeLessThan(500);
          if (response.statusCode >= 400) {
            const error = errorBodySchema.parse(response.json());
            expect(error.message, where).toBe(error.errorMessage);
          }
        }
      }
    }
  });

  it('answers every call that needs a session with 401 without one', async () => {
    for (const endpoint of endpoints.filter((candidate) => candidate.auth !== 'public')) {
      const response = await t.app.inject({ method: endpoint.method, url: endpoint.url, headers: XHR });
      expect(response.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(401);
    }
  });

  it('answers a malformed URL with 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/get-single-membership-token/%E0%A4%A' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('answers 413 for a body over 1 MB and 415 for a non-JSON body', async () => {
    const [large, plain] = [hostileBodies[6], hostileBodies[4]];
    const tooLarge = await t.app.inject({ method: 'POST', url: '/api/login', ...large });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('The request body is too large (the limit is 1 MB).');
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/login', ...plain });
    expect(wrongType.statusCode).toBe(415);
  });

  it('answers unknown /api calls with a JSON 404, never the web app', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper?x=1'],
      ['GET', '/api/login'],
      ['DELETE', '/api/user-details'],
      ['GET', '/api'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().message).toMatch(/^Unknown API call: /);
    }
  });

  it('hides the details of server faults', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(errorBodySchema.parse(response.json()).message).toBe(
      'Something went wrong on our side. Please try again later.',
    );
  });

  it('lists exactly the contract calls in the OpenAPI document at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, unknown>>;
    const documented = Object.entries(paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const contract = Object.values(ENDPOINTS)
      .map((endpoint) => `${endpoint.method} /api/${endpoint.path.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    expect(documented).toEqual(contract);

    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('sends security headers with a CSP that allows Stripe.js and nothing inline', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com;/);
    expect(csp).toContain('frame-src');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
