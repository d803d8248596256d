import { cpSync, existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { Pool } from 'pg';
import { type AppConfig, DATABASE_POOL_DEFAULTS, type DatabasePoolSettings } from '../config/env';
import { PGLITE_TEMPLATE } from '../config/paths';
import { lockDataDir } from './data-dir-lock';
import { PGliteInTurns } from './pglite-in-turns';
import * as auditEvents from './schema/audit-events';
import * as authSessions from './schema/auth-sessions';
import * as bookings from './schema/bookings';
import * as classMaterials from './schema/class-materials';
import * as classroom from './schema/classroom';
import * as closedDays from './schema/closed-days';
import * as clubPasses from './schema/club-passes';
import * as contactMessages from './schema/contact-messages';
import * as courses from './schema/courses';
import * as creditLedger from './schema/credit-ledger';
import * as creditLots from './schema/credit-lots';
import * as demoGatewayObjects from './schema/demo-gateway-objects';
import * as gifts from './schema/gifts';
import * as homework from './schema/homework';
import * as invoices from './schema/invoices';
import * as levels from './schema/levels';
import * as mailOutbox from './schema/mail-outbox';
import * as passwordResetTokens from './schema/password-reset-tokens';
import * as paymentTotals from './schema/payment-totals';
import * as payments from './schema/payments';
import * as progress from './schema/progress';
import * as promoCodes from './schema/promo-codes';
import * as rateLimitCounters from './schema/rate-limit-counters';
import * as referrals from './schema/referrals';
import * as schedules from './schema/schedules';
import * as schoolSettings from './schema/school-settings';
import * as siteContent from './schema/site-content';
import * as subscriptionClaims from './schema/subscription-claims';
import * as subscriptions from './schema/subscriptions';
import * as tokenPlans from './schema/token-plans';
import * as trustedDevices from './schema/trusted-devices';
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
  ...paymentTotals,
  ...creditLots,
  ...creditLedger,
  ...subscriptions,
  ...subscriptionClaims,
  ...webhookEvents,
  ...demoGatewayObjects,
  ...mailOutbox,
  ...passwordResetTokens,
  ...rateLimitCounters,
  ...auditEvents,
  ...contactMessages,
  ...trustedDevices,
  ...invoices,
  ...schoolSettings,
  ...levels,
  ...closedDays,
  ...clubPasses,
  ...siteContent,
  ...referrals,
  ...gifts,
  ...progress,
  ...classroom,
  ...promoCodes,
  ...classMaterials,
  ...homework,
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
  | { databaseUrl: string; pool?: DatabasePoolSettings }
  /**
   * In memory when dataDir is undefined (tests); loadDataDir starts from a dumpDataDir() copy, and
   * templateDir (for a new dataDir) from a copy of that data directory.
   */
  | { databaseUrl?: undefined; dataDir: string | undefined; loadDataDir?: Blob; templateDir?: string };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl !== undefined) {
    const pool = openPool(options.databaseUrl, options.pool ?? DATABASE_POOL_DEFAULTS);
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
      // The synchronous copy runs in C++ in one go: about 50 ms for the template's 1,100 files, where
      // fs/promises' cp, one awaited call per file, takes 0.8 s. Nothing else waits on it at start.
      cpSync(options.templateDir, options.dataDir, { recursive: true });
    }
  }
  try {
    const client = new PGliteInTurns({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
    await client.waitReady;
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
 * node-postgres's pool, made safe to lose the server under. A connection that dies emits
 * `error` on its client; the pool listens only while the client is idle in it, and an `error` nobody
 * hears ends the process. So every client gets a listener of its own for its whole life: the query or
 * transaction using it rejects with the same error (and is answered 503 by plugins/error-handler.ts),
 * the dead client is not queryable any more, and the pool discards it on release and opens a new one.
 */
function openPool(connectionString: string, settings: DatabasePoolSettings): Pool {
  const pool = new Pool({
    connectionString,
    max: settings.max,
    connectionTimeoutMillis: settings.connectionTimeoutMs,
    idleTimeoutMillis: settings.idleTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    // Names the app's sessions in pg_stat_activity, beside pg-boss's `tokenly-jobs`.
    application_name: 'tokenly',
    // Notices a server that vanished without closing the connection (a cut network, a killed host).
    keepAlive: true,
  });
  const ignore = () => {};
  pool.on('connect', (client) => client.on('error', ignore));
  pool.on('error', ignore);
  return pool;
}

/**
 * The database the configuration asks for: DATABASE_URL, else PGlite files in DATA_DIR. A new DATA_DIR
 * starts from the build's template when there is one (DESIGN.md section 2: initdb takes seconds).
 */
export function openDatabaseFor(
  config: Pick<AppConfig, 'databaseUrl' | 'databasePool' | 'dataDir'>,
): Promise<DatabaseHandle> {
  if (config.databaseUrl !== undefined) {
    return openDatabase({ databaseUrl: config.databaseUrl, pool: config.databasePool });
  }
  const templateDir = existsSync(PGLITE_TEMPLATE) ? PGLITE_TEMPLATE : undefined;
  return openDatabase({ dataDir: config.dataDir, templateDir });
}

/** Whether opening the database will make a new embedded one (which the demo seed then fills). */
export function isNewEmbeddedDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): boolean {
  return config.databaseUrl === undefined && !existsSync(join(config.dataDir, 'PG_VERSION'));
}

/** For start-up messages; never prints DATABASE_URL, which may hold a password. */
export function describeDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): string {
  return config.databaseUrl !== undefined
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite (embedded) in ${config.dataDir}`;
}
