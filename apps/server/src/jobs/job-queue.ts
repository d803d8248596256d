import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Clock,
  type ConstructorOptions,
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type JobResult,
  type JobWithMetadata,
  PgBoss,
} from 'pg-boss';
import type { Database, DatabaseHandle } from '../db/client';
import { isDatabaseOutage } from '../db/outage';

// DESIGN.md section 6: everything that must happen once, later or again (reminders, renewals, mail)
// is a pg-boss job in the database, so it survives restarts and runs once across processes. pg-boss
// (not a timer of our own) gives the durable queue, retries with backoff, cron, expiry of attempts
// whose process died, and SKIP LOCKED claiming on both PostgreSQL and the embedded PGlite.

export type JobContext = {
  id: string;
  /** 0 on the first attempt. */
  retry: number;
};

export type JobDefinition<Data extends object = object> = {
  /** Queue name, `<module>.<what>`: one queue per kind of job. */
  name: string;
  run: (data: Data, context: JobContext) => Promise<void>;
  /** Further attempts after a failed one, each after retryDelaySeconds doubled every time (backoff). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** An attempt still running after this long (its process was killed, say) fails and is retried. */
  expireInSeconds: number;
  /** Five-field cron in UTC: one job per occurrence, however many processes run; its data is `{}`. */
  cron?: string;
  /**
   * How many waiting jobs a worker takes at once and runs side by side (1 if unset). A worker that finds
   * a full batch asks again at once; otherwise it waits out the polling interval, so with one at a time
   * a queue drains at one job per interval, whatever its backlog.
   */
  batchSize?: number;
};

/** Keeps `run`'s data type tied to the sends of the same job. */
export function defineJob<Data extends object>(job: JobDefinition<Data>): JobDefinition<Data> {
  return job;
}

export type SendOptions = {
  /**
   * The transaction of the event that causes the job: the job exists if and only if it commits
   * (DESIGN.md section 6). Without it the job is sent on its own.
   */
  tx?: Database;
  startAfter?: Date;
  /** At most one queued job per key and queue: a second send with the same key is dropped. */
  singletonKey?: string;
};

export type JobQueue = {
  /** Registers a job before start(); its worker and cron run from start() when workers are on. */
  define: <Data extends object>(job: JobDefinition<Data>) => void;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  send: <Data extends object>(
    job: JobDefinition<Data>,
    data: Data,
    options?: SendOptions,
  ) => Promise<string | null>;
  /** Recent jobs of one queue with their state, newest first, for tests and the admin screens. */
  findJobs: (name: string) => Promise<JobWithMetadata<object>[]>;
  /** Readiness: started, not stopped, and its own connections reach its schema now. */
  isReady: () => Promise<boolean>;
};

export type JobQueueOptions = {
  /** False: jobs can be sent, but this process runs none (tests run them on purpose, or another process does). */
  runWorkers: boolean;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'debug'>;
  clock?: Clock;
  /** How often an idle worker asks for new jobs; PGlite has one connection, so keep it modest there. */
  pollingIntervalSeconds?: number;
  /**
   * How long stop() lets a job in progress finish (10 s); past it, or at once with 0, the job is failed
   * and retried later. Tests pass 0: what a job was doing when its test ended is of no interest.
   */
  stopWaitMs?: number;
};

/** pg-boss's own options for the database at hand: its adapter for PGlite, its own small pool for PostgreSQL. */
export function bossOptions(database: DatabaseHandle): ConstructorOptions {
  return database.kind === 'pglite'
    ? { db: fromPglite(database.client), backend: 'pglite' }
    : { connectionString: database.url, max: 3, application_name: 'tokenly-jobs' };
}

/**
 * Installs or upgrades pg-boss's own schema (`pgboss`), as part of migrating the database, so every
 * database, template and test database has it before anything sends a job.
 */
export async function migrateJobSchema(database: DatabaseHandle): Promise<void> {
  const boss = new PgBoss({
    ...bossOptions(database),
    supervise: false,
    schedule: false,
    registerInstance: false,
    max: 1,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: database.kind === 'postgres' });
}

/** Our transaction as pg-boss's Drizzle adapter reads it: drizzle's execute() is typed per query. */
function inTransaction(tx: Database) {
  const adapted: DrizzleTransactionLike = {
    execute: (query) =>
      tx.execute(query as Parameters<Database['execute']>[0]) as Promise<{ rows: unknown[] }>,
  };
  return fromDrizzle(adapted, sql);
}

export function createJobQueue(database: DatabaseHandle, options: JobQueueOptions): JobQueue {
  const jobs = new Map<string, JobDefinition<object>>();
  const boss = new PgBoss({
    ...bossOptions(database),
    clock: options.clock,
    supervise: options.runWorkers,
    schedule: options.runWorkers,
    registerInstance: options.runWorkers,
    // The schema is migrated with the database (migrateJobSchema); a mismatch is a bug, not a migration.
    migrate: false,
  });
  let running = false;
  // pg-boss reports problems of its own loops here; without a listener Node would end the process. Its
  // loops go on through a database outage and pick up where they were once it is back, so
  // an outage is a warning; anything else is a fault.
  boss.on('error', (error) => {
    if (isDatabaseOutage(error)) options.log.warn({ err: error }, 'job queue: database unavailable');
    else options.log.error({ err: error }, 'job queue error');
  });

  async function runOne(job: JobDefinition<object>, claimed: JobWithMetadata<object>): Promise<void> {
    const started = performance.now();
    try {
      await job.run(claimed.data, { id: claimed.id, retry: claimed.retryCount });
      options.log.debug({ job: job.name, id: claimed.id, ms: performance.now() - started }, 'job done');
    } catch (error) {
      const lastTry = claimed.retryCount >= claimed.retryLimit;
      options.log[lastTry ? 'error' : 'warn'](
        { err: error, job: job.name, id: claimed.id, retry: claimed.retryCount },
        lastTry ? 'job failed for good' : 'job failed; it will be retried',
      );
      throw error;
    }
  }

  return {
    define(job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is defined twice`);
      jobs.set(job.name, job as JobDefinition<object>);
    },

    async start() {
      await boss.start();
      for (const job of jobs.values()) {
        // createQueue is idempotent; the options apply to every job sent to it.
        await boss.createQueue(job.name, {
          retryLimit: job.retryLimit,
          retryDelay: job.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: job.expireInSeconds,
        });
        if (!options.runWorkers) continue;
        if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
        await boss.work(
          job.name,
          {
            includeMetadata: true,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
            batchSize: job.batchSize ?? 1,
            burstWhenBatchFull: true,
            perJobResults: true,
          },
          (batch: JobWithMetadata<object>[]) =>
            Promise.all(
              batch.map(async (claimed): Promise<JobResult> => {
                try {
                  await runOne(job, claimed);
                  return { id: claimed.id, status: 'completed' };
                } catch (error) {
                  return { id: claimed.id, status: 'failed', output: error };
                }
              }),
            ),
        );
      }
      running = true;
    },

    async stop() {
      running = false;
      // Graceful: a job in progress finishes (or, past the timeout, is failed and retried later).
      const waitMs = options.stopWaitMs ?? 10_000;
      await boss.stop({ graceful: waitMs > 0, timeout: waitMs, close: database.kind === 'postgres' });
    },

    send(job, data, sendOptions = {}) {
      return boss.send(job.name, data, {
        startAfter: sendOptions.startAfter,
        singletonKey: sendOptions.singletonKey,
        ...(sendOptions.tx ? { db: inTransaction(sendOptions.tx) } : {}),
      });
    },

    findJobs(name) {
      return boss.findJobs<object>(name);
    },

    async isReady() {
      // A round trip on pg-boss's own connections, which on PostgreSQL are not the app's pool.
      return running && (await boss.isInstalled().catch(() => false));
    },
  };
}
