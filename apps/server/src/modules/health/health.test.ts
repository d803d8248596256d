import { healthResponseSchema } from '@tokenly/contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

describe.each(TEST_DATABASE_KINDS)('GET /api/health on %s', (kind) => {
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
});

describe('GET /api/health without a database', () => {
  it('answers 503 with the standard error body', async () => {
    const t = await createTestApp('pglite');
    // Ready first (the job queue starts with the app), then the database goes away.
    await t.app.ready();
    await t.database.close();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message: 'The database is not reachable.',
        errorMessage: 'The database is not reachable.',
      });
    } finally {
      await t.app.close();
    }
  });
});
