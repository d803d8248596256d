import { healthResponseSchema, readyResponseSchema } from '@tokenly/contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_AFTER_SECONDS } from '../../plugins/error-handler';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PARITY_DATABASE_KINDS } from '../../test/test-database';

describe.each(PARITY_DATABASE_KINDS)('GET /api/health and /api/ready on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('reports ok and the kind of database after a round trip', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(healthResponseSchema.parse(response.json())).toEqual({ data: { status: 'ok', database: kind } });
  });

  it('reports ready once the database and the job queue answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(readyResponseSchema.parse(response.json())).toEqual({ data: { status: 'ready', database: kind } });
  });
});

describe('GET /api/health and /api/ready without a database', () => {
  it('answers 503 with the standard error body and Retry-After', async () => {
    const t = await createTestApp('pglite');
    // Ready first (the job queue starts with the app), then the database goes away.
    await t.app.ready();
    await t.database.close();
    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({
        message: 'The database is not reachable.',
        errorMessage: 'The database is not reachable.',
      });
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        message: 'Not ready: the database is unavailable.',
        errorMessage: 'Not ready: the database is unavailable.',
      });
      expect(ready.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    } finally {
      await t.app.close();
    }
  });
});

describe('GET /api/ready without the job queue', () => {
  it('answers 503 naming the job queue while the database still answers', async () => {
    const t = await createTestApp('pglite');
    try {
      await t.app.ready();
      await t.app.jobs.stop();
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        message: 'Not ready: the job queue is unavailable.',
        errorMessage: 'Not ready: the job queue is unavailable.',
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
