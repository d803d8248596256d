import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Client } from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, type DatabaseKind, openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** TEST_DATABASE_URL, or '' to test on PGlite only. */
    testDatabaseUrl: string;
    /** A migrated PGlite dump made once by global-setup.ts: loading it is faster than initdb. */
    pgliteTemplatePath: string;
    /**
     * The names of this run's PostgreSQL databases begin with it ('' without TEST_DATABASE_URL), so the
     * run's end drops whatever is left of them, and other runs on the same server keep theirs.
     */
    postgresRunPrefix: string;
    /** A migrated PostgreSQL database of the run, to copy: copying is much faster than migrating. */
    postgresTemplateName: string;
  }
}

/**
 * The one database a test file runs on, for `describe.each`: PostgreSQL when TEST_DATABASE_URL is set
 * (CI, and production's database), else PGlite. Running every file on both doubled the suite while
 * nearly all of it tests the app, not the database; PARITY_DATABASE_KINDS covers where they may differ.
 */
export const TEST_DATABASE_KINDS: DatabaseKind[] = inject('testDatabaseUrl') ? ['postgres'] : ['pglite'];

/**
 * Both databases when TEST_DATABASE_URL is set, for the files that prove PGlite and PostgreSQL behave
 * alike under the app: migrations, the drivers' reading of instants and text, the job queue's two
 * adapters, conditional updates and locks of bookings, credits, payments and refunds.
 */
export const PARITY_DATABASE_KINDS: DatabaseKind[] = inject('testDatabaseUrl')
  ? ['pglite', 'postgres']
  : ['pglite'];

export type TestDatabase = { database: DatabaseHandle; destroy: () => Promise<void> };

type PostgresDatabase = { url: string; destroy: () => Promise<void> };

let spareMigrated: Promise<PostgresDatabase> | undefined;

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * The migrated PGlite database global-setup.ts dumped, for `loadDataDir`: loaded into memory, or into
 * a new data directory on disk that other processes then open, where initdb and the migrations would
 * take seconds of CPU.
 */
export function migratedPgliteDump(): Promise<Blob> {
  pgliteTemplate ??= readFile(inject('pgliteTemplatePath')).then((dump) => new Blob([dump]));
  return pgliteTemplate;
}

/** A fresh, migrated database of its own: in-memory PGlite, or a new uniquely named PostgreSQL database. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: undefined, loadDataDir: await migratedPgliteDump() });
    return { database, destroy: () => database.close() };
  }

  const copy = await createMigratedPostgresDatabase();
  const database = await openDatabase({ databaseUrl: copy.url });
  return {
    database,
    destroy: async () => {
      await database.close();
      await copy.destroy();
    },
  };
}

/**
 * A new, uniquely named PostgreSQL database, migrated: a copy of the template that global-setup.ts
 * migrated once (CREATE DATABASE ... TEMPLATE copies files, where migrating runs every migration and
 * pg-boss's schema again). By URL, for tests that start server processes on it.
 */
export function createMigratedPostgresDatabase(): Promise<PostgresDatabase> {
  // The next file's database is copied while this one's tests run: a copy took 0.2 to 0.8 s
  // here, most of it PostgreSQL writing and syncing files, time the worker would otherwise spend waiting.
  // Files share a worker's modules, so the spare outlives the file that started it; the one left over
  // at the end is dropped with the run's other databases (global-setup.ts).
  const taken = spareMigrated ?? copyOfTemplate();
  spareMigrated = copyOfTemplate();
  // A spare no test takes must not fail the run for an unhandled rejection; a taken one reports its own.
  spareMigrated.catch(() => {});
  return taken;
}

function copyOfTemplate(): Promise<PostgresDatabase> {
  return createPostgresDatabase(`template "${inject('postgresTemplateName')}"`);
}

/**
 * A new, uniquely named and unmigrated PostgreSQL database on TEST_DATABASE_URL's server, by URL, for
 * tests that start server processes on it or migrate it themselves. destroy() drops it, connections and all.
 */
export function createEmptyPostgresDatabase(): Promise<PostgresDatabase> {
  return createPostgresDatabase('');
}

async function createPostgresDatabase(options: string): Promise<PostgresDatabase> {
  const adminUrl = inject('testDatabaseUrl');
  const name = `${inject('postgresRunPrefix')}${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await withAdminClient(adminUrl, async (admin) => {
    await admin.query(`create database "${name}" ${options}`);
    // A commit need not wait for its log to reach the disk: that guards against PostgreSQL itself
    // crashing, which no test does (they kill the app's processes and cut its connections), and the
    // tests commit tens of thousands of times, each sync costing the machine time the suites share.
    await admin.query(`alter database "${name}" set synchronous_commit = off`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = () =>
    withAdminClient(adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
  return {
    url: url.toString(),
    // Not awaited: PostgreSQL 15 takes a checkpoint for every DROP DATABASE, a second or more on a busy
    // server, and the next test need not wait for it. What a worker leaves undropped when it ends, or fails
    // to drop, the run's end drops (global-setup.ts).
    destroy: async () => {
      drop().catch(() => {});
    },
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
