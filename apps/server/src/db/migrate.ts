import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Pool } from 'pg';
import type { DatabaseHandle } from './client';

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// Any fixed number, the same in every process: the key of the session-level advisory lock below.
const MIGRATION_LOCK_KEY = 7_464_901_823;

/**
 * Several server processes may start at once on one PostgreSQL database, and each migrates at start.
 * Unserialized, two of them both see a migration as pending and both run it, and the loser fails on
 * "already exists". So one session at a time holds an advisory lock and migrates on that same
 * connection; the others wait, then find nothing left to do. A process that dies while migrating ends
 * its session, which releases the lock and rolls its migration back.
 */
async function migratePostgres(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Applies the committed SQL migrations in apps/server/drizzle; already applied ones are skipped. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  // PGlite is one process by construction (data-dir-lock.ts).
  if (handle.kind === 'pglite') await migratePglite(handle.db, { migrationsFolder });
  else await migratePostgres(handle.db.$client);
}
