import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';

/**
 * The document /api/docs/json serves, built without a database: the routes are registered but never
 * called, so a pool that would connect on first use is enough. The demo gateway's calls are included,
 * as on a server without Stripe keys.
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    webDistDir: join(tmpdir(), 'tokenly-no-web-build'),
    runJobs: false,
  };
  const database = await openDatabase({ databaseUrl: 'postgres://unused@127.0.0.1:9/never-connected' });
  const app = await buildApp(config, database, { startJobs: false });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await database.close();
  }
}
