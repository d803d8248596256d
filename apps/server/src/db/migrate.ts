import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Pool, PoolClient } from 'pg';
import { MIGRATIONS_DIR as migrationsFolder } from '../config/paths';
import { migrateJobSchema } from '../jobs/job-queue';
import type { DatabaseHandle } from './client';

// Any fixed number, the same in every process: the key of the session-level advisory lock below.
const STARTUP_LOCK_KEY = 7_464_901_823;

/**
 * Several server processes may start at once on one PostgreSQL database, and each prepares it at start.
 * Unserialized, two of them both see a migration as pending and both run it, and the loser fails on
 * "already exists"; likewise both find the database empty and seed it, or both miss the admin account
 * and insert it. So one session at a time holds an advisory lock, migrates on that same connection and
 * runs the start-up steps; the others wait, then find nothing left to do. A process that dies meanwhile
 * ends its session, which releases the lock and rolls its open transaction back.
 */
async function underStartupLock(pool: Pool, prepare: (client: PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    // Waiting for another process's migrations, and a migration itself, may rightly take longer than
    // the statement timeout that bounds a request (DATABASE_STATEMENT_TIMEOUT_MS).
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      await prepare(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    // Closed rather than returned: a pooled session must keep the statement timeout.
    client.release(true);
  }
}

/**
 * Applies the committed SQL migrations in apps/server/drizzle (already applied ones are skipped) and
 * pg-boss's schema for the job queue, then `afterMigrating`: start-up steps that check, then write (demo data, the admin account), which must
 * not interleave with another process doing the same.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  afterMigrating: () => Promise<void> = async () => {},
): Promise<void> {
  // PGlite is one process by construction (data-dir-lock.ts).
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db, { migrationsFolder });
    await migrateJobSchema(handle);
    await afterMigrating();
    return;
  }
  await underStartupLock(handle.db.$client, async (client) => {
    await migrateNodePg(drizzle({ client }), { migrationsFolder });
    // On pg-boss's own connection, which its own advisory lock serialises.
    await migrateJobSchema(handle);
    await afterMigrating();
  });
}
