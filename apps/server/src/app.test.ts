import { errorBodySchema } from '@tokenly/contract/common';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, XHR } from './test/test-app';
import { TEST_DATABASE_KINDS } from './test/test-database';

const endpoints = Object.values(ENDPOINTS).map((endpoint) => ({
  method: endpoint.method,
  auth: endpoint.auth,
  url: `/api/${endpoint.path.replace(':id', '1')}`,
}));

describe.each(TEST_DATABASE_KINDS)('the API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    t.app.get('/api/test/crash', { schema: { hide: true } }, async () => {
      throw new Error('connection string postgres://secret@db');
    });
  });
  afterAll(() => t.close());

  // Every other kind of hostile input, to every call and as every role, is in hostile-input.test.ts.
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
    const large = {
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    };
    const plain = { headers: { 'content-type': 'text/plain' }, payload: 'hello' };
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
