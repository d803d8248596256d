import { existsSync } from 'node:fs';
import { cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { Pool } from 'pg';
import type { AppConfig } from '../config/env';
import { PGLITE_TEMPLATE } from '../config/paths';
import { lockDataDir } from './data-dir-lock';
import * as authSessions from './schema/auth-sessions';
import * as bookings from './schema/bookings';
import * as courses from './schema/courses';
import * as creditLedger from './schema/credit-ledger';
import * as creditLots from './schema/credit-lots';
import * as demoGatewayObjects from './schema/demo-gateway-objects';
import * as mailOutbox from './schema/mail-outbox';
import * as passwordResetTokens from './schema/password-reset-tokens';
import * as payments from './schema/payments';
import * as rateLimitCounters from './schema/rate-limit-counters';
import * as schedules from './schema/schedules';
import * as subscriptionClaims from './schema/subscription-claims';
import * as subscriptions from './schema/subscriptions';
import * as tokenPlans from './schema/token-plans';
import * as users from './schema/users';
import * as webhookEvents from './schema/webhook-events';

export const schema = {
  ...users,
  ...authSessions,
  ...courses,
  ...schedules,
  ...bookings,
  ...tokenPlans,
  ...payments,
  ...creditLots,
  ...creditLedger,
  ...subscriptions,
  ...subscriptionClaims,
  ...webhookEvents,
  ...demoGatewayObjects,
  ...mailOutbox,
  ...passwordResetTokens,
  ...rateLimitCounters,
};
type Schema = typeof schema;

/** The one database type of the app: both drivers and their transactions satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle =
  | { kind: 'pglite'; db: PgliteDatabase<Schema>; client: PGlite; close: () => Promise<void> }
  | {
      kind: 'postgres';
      db: NodePgDatabase<Schema> & { $client: Pool };
      /** For pg-boss's own pool (jobs/job-queue.ts); never printed, it may hold a password. */
      url: string;
      close: () => Promise<void>;
    };

type OpenDatabaseOptions =
  | { databaseUrl: string }
  /**
   * In memory when dataDir is undefined (tests); loadDataDir starts from a dumpDataDir() copy, and
   * templateDir (for a new dataDir) from a copy of that data directory.
   */
  | { databaseUrl?: undefined; dataDir: string | undefined; loadDataDir?: Blob; templateDir?: string };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl !== undefined) {
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    return {
      kind: 'postgres',
      db: drizzleNodePg({ client: pool, schema }),
      url: options.databaseUrl,
      close: () => pool.end(),
    };
  }
  let unlock = () => {};
  if (options.dataDir !== undefined) {
    await mkdir(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
    if (options.templateDir !== undefined && !existsSync(join(options.dataDir, 'PG_VERSION'))) {
      await cp(options.templateDir, options.dataDir, { recursive: true });
    }
  }
  try {
    const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
    return {
      kind: 'pglite',
      db: drizzlePglite({ client, schema }),
      client,
      close: async () => {
        // PGlite flushes its files on close; skipping it can leave the data directory unusable.
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * The database the configuration asks for: DATABASE_URL, else PGlite files in DATA_DIR. A new DATA_DIR
 * starts from the build's template when there is one (DESIGN.md section 2: initdb takes seconds).
 */
export function openDatabaseFor(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<DatabaseHandle> {
  if (config.databaseUrl !== undefined) return openDatabase({ databaseUrl: config.databaseUrl });
  const templateDir = existsSync(PGLITE_TEMPLATE) ? PGLITE_TEMPLATE : undefined;
  return openDatabase({ dataDir: config.dataDir, templateDir });
}

/** For start-up messages; never prints DATABASE_URL, which may hold a password. */
export function describeDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): string {
  return config.databaseUrl !== undefined
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite (embedded) in ${config.dataDir}`;
}
