import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { Pool } from 'pg';
import type { AppConfig } from '../config/env';
import { lockDataDir } from './data-dir-lock';
import * as authSessions from './schema/auth-sessions';
import * as bookings from './schema/bookings';
import * as courses from './schema/courses';
import * as creditLedger from './schema/credit-ledger';
import * as creditLots from './schema/credit-lots';
import * as demoGatewayObjects from './schema/demo-gateway-objects';
import * as outbox from './schema/outbox';
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
  ...outbox,
  ...rateLimitCounters,
};
type Schema = typeof schema;

/** The one database type of the app: both drivers and their transactions satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle =
  | { kind: 'pglite'; db: PgliteDatabase<Schema>; client: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: NodePgDatabase<Schema> & { $client: Pool }; close: () => Promise<void> };

type OpenDatabaseOptions =
  | { databaseUrl: string }
  /** In memory when dataDir is undefined (tests); loadDataDir starts from a dumpDataDir() copy. */
  | { databaseUrl?: undefined; dataDir: string | undefined; loadDataDir?: Blob };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl !== undefined) {
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    return { kind: 'postgres', db: drizzleNodePg({ client: pool, schema }), close: () => pool.end() };
  }
  let unlock = () => {};
  if (options.dataDir !== undefined) {
    await mkdir(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
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

/** The database the configuration asks for: DATABASE_URL, else PGlite files in DATA_DIR. */
export function openDatabaseFor(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<DatabaseHandle> {
  return config.databaseUrl !== undefined
    ? openDatabase({ databaseUrl: config.databaseUrl })
    : openDatabase({ dataDir: config.dataDir });
}

/** For start-up messages; never prints DATABASE_URL, which may hold a password. */
export function describeDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): string {
  return config.databaseUrl !== undefined
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite (embedded) in ${config.dataDir}`;
}
