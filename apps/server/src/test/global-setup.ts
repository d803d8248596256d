import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../config/paths';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

// Migrating a new database is the slowest part of making one (PGlite's initdb takes seconds, and every
// migration and pg-boss's schema take about 600 ms on PostgreSQL), so each kind is migrated once per run
// here and every test database starts as a copy (test-database.ts).
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildWhatIsStale();
  const adminUrl = project.getProvidedContext().testDatabaseUrl;
  const dir = await mkdtemp(join(tmpdir(), 'tokenly-pglite-'));
  const postgresRunPrefix = adminUrl ? `tokenly_test_${randomUUID().replaceAll('-', '').slice(0, 8)}_` : '';
  const [pgliteTemplatePath] = await Promise.all([
    dumpPgliteTemplate(dir),
    adminUrl ? migratePostgresTemplate(adminUrl, `${postgresRunPrefix}template`) : undefined,
  ]);
  project.provide('pgliteTemplatePath', pgliteTemplatePath);
  project.provide('postgresRunPrefix', postgresRunPrefix);
  project.provide('postgresTemplateName', `${postgresRunPrefix}template`);
  return async () => {
    if (adminUrl) await dropRunDatabases(adminUrl, postgresRunPrefix);
    await rm(dir, { recursive: true, force: true });
  };
}

/** A migrated PGlite database dumped to a tar file, which loadDataDir opens faster than initdb runs. */
async function dumpPgliteTemplate(dir: string): Promise<string> {
  const path = join(dir, 'template.tar');
  const database = await openDatabase({ dataDir: undefined });
  if (database.kind !== 'pglite') throw new Error('expected PGlite');
  await migrateDatabase(database);
  const dump = await database.client.dumpDataDir('none');
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return path;
}

/**
 * A migrated PostgreSQL database to copy test databases from, named for this run alone: other runs on
 * the same server have their own. PostgreSQL copies a template only while nobody is connected to it,
 * so the connections that migrated it are closed before any test starts.
 */
async function migratePostgresTemplate(adminUrl: string, name: string): Promise<void> {
  await withAdminClient(adminUrl, (admin) => admin.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
}

/** The template and every test database of the run that is still there (test-database.ts drops them late). */
async function dropRunDatabases(adminUrl: string, prefix: string): Promise<void> {
  await withAdminClient(adminUrl, async (admin) => {
    // A worker may have ended while a spare copy was still being made (test-database.ts): PostgreSQL
    // finishes it all the same, so it is waited for, or it would outlive the run.
    for (let waited = 0; waited < 30_000; waited += 100) {
      const { rows } = await admin.query<{ copying: boolean }>(
        `select exists (select from pg_stat_activity where state = 'active' and starts_with(lower(query), $1))
           as copying`,
        [`create database "${prefix}`],
      );
      if (!rows[0]?.copying) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { rows } = await admin.query<{ name: string }>(
      'select datname as name from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { name } of rows) await admin.query(`drop database if exists "${name}" with (force)`);
  });
}

async function withAdminClient<T>(url: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The compiled server that tests of several processes start (server-process.ts), as `npm start` builds it. */
function buildWhatIsStale(): void {
  const result = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts/build.ts')], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
}
