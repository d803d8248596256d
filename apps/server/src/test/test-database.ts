import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Client } from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, type DatabaseKind, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** TEST_DATABASE_URL, or '' to test on PGlite only. */
    testDatabaseUrl: string;
    /** A migrated PGlite dump made once by global-setup.ts: loading it is faster than initdb. */
    pgliteTemplatePath: string;
  }
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. For `describe.each`. */
export const TEST_DATABASE_KINDS: DatabaseKind[] = inject('testDatabaseUrl')
  ? ['pglite', 'postgres']
  : ['pglite'];

export type TestDatabase = { database: DatabaseHandle; destroy: () => Promise<void> };

/** A fresh, migrated database of its own: in-memory PGlite, or a new uniquely named PostgreSQL database. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const template = new Blob([await readFile(inject('pgliteTemplatePath'))]);
    const database = await openDatabase({ dataDir: undefined, loadDataDir: template });
    return { database, destroy: () => database.close() };
  }

  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ databaseUrl: empty.url });
  await migrateDatabase(database);
  return {
    database,
    destroy: async () => {
      await database.close();
      await empty.destroy();
    },
  };
}

/**
 * A new, uniquely named and unmigrated PostgreSQL database on TEST_DATABASE_URL's server, by URL, for
 * tests that start server processes on it or migrate it themselves. destroy() drops it, connections and all.
 */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; destroy: () => Promise<void> }> {
  const adminUrl = inject('testDatabaseUrl');
  const name = `tokenly_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await withAdminClient(adminUrl, (admin) => admin.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    destroy: () =>
      withAdminClient(adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`)),
  };
}

/**
 * Ends every session on the database of `url` (pg_terminate_backend), as a restart of PostgreSQL does,
 * from a connection to the server's maintenance database, so never its own. `onlyWhen` is an SQL
 * condition checked in the same statement, so the sessions are ended at a moment when it holds.
 * Returns how many sessions it ended.
 */
export async function endSessions(url: string, onlyWhen = 'true'): Promise<number> {
  let ended = 0;
  await withAdminClient(inject('testDatabaseUrl'), async (admin) => {
    const result = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and (${onlyWhen})`,
      [new URL(url).pathname.slice(1)],
    );
    ended = result.rowCount ?? 0;
  });
  return ended;
}

async function withAdminClient(url: string, run: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
