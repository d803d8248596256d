import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { build } from 'esbuild';
import { TestClock } from 'pg-boss';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../config/paths';
import { type DatabaseHandle, type DatabaseKind, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { eventually } from '../test/eventually';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import {
  createEmptyPostgresDatabase,
  createTestDatabase,
  endSessions,
  migratedPgliteDump,
  PARITY_DATABASE_KINDS,
  TEST_DATABASE_KINDS,
} from '../test/test-database';
import { createJobQueue, defineJob, type JobQueue } from './job-queue';

// The job queue on both databases: a job runs at its time and not before, a failed attempt is
// retried after its backoff, cron sends one job per occurrence, a job sent in a transaction exists only
// if it commits; and, with real processes, a job runs once across two of them and survives a SIGKILL
// of the process that scheduled it.

const MINUTE = 60_000;
const quiet = { error: () => {}, warn: () => {}, debug: () => {} };

const recordRun = defineJob<{ key: string }>({
  name: 'test.record-run',
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 60,
  run: async () => {},
});

describe.each(PARITY_DATABASE_KINDS)('the job queue on %s', (kind) => {
  let database: DatabaseHandle;
  let destroy: () => Promise<void>;
  let clock: TestClock;
  let queue: JobQueue;
  let runs: { key: string | undefined; retry: number; at: number }[];
  let running: number;
  let mostAtOnce: number;

  /** A started queue whose one job records its runs, failing the first `failures` attempts. */
  async function startQueue(
    options: { failures?: number; cron?: string; batchSize?: number } = {},
  ): Promise<void> {
    let failures = options.failures ?? 0;
    queue = createJobQueue(database, { runWorkers: true, log: quiet, clock, pollingIntervalSeconds: 1 });
    queue.define({
      ...recordRun,
      cron: options.cron,
      batchSize: options.batchSize,
      run: async ({ key }: { key?: string }, { retry }) => {
        runs.push({ key, retry, at: clock.now() });
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        // A turn of the event loop, in which the other jobs of a batch start if they run side by side.
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
        if (failures-- > 0) throw new Error('a failing attempt');
      },
    });
    await queue.start();
  }

  /** Moves the clock to `at` and lets the workers poll once there. */
  async function pollAt(at: number): Promise<void> {
    await clock.setTime(at);
    await clock.tick(1000);
  }

  beforeEach(async () => {
    ({ database, destroy } = await createTestDatabase(kind));
    clock = new TestClock();
    runs = [];
    running = 0;
    mostAtOnce = 0;
  });
  afterEach(async () => {
    await queue.stop();
    await destroy();
  });

  it('runs a job at its scheduled time, not before', async () => {
    await startQueue();
    const due = clock.now() + 10 * MINUTE;
    await queue.send(recordRun, { key: 'later' }, { startAfter: new Date(due) });

    await pollAt(due - MINUTE);
    // A poll that found nothing has finished when tick() returns: a run would be recorded by now.
    expect(runs).toEqual([]);

    await pollAt(due + 1000);
    await eventually(() => runs.length === 1, 'the job to run');
    expect(runs[0]).toMatchObject({ key: 'later', retry: 0 });
    expect(runs[0]?.at).toBeGreaterThanOrEqual(due);
  });

  it('retries a failed attempt after its backoff, then succeeds', async () => {
    await startQueue({ failures: 1 });
    const sentAt = clock.now();
    const id = await queue.send(recordRun, { key: 'flaky' });
    await pollAt(sentAt + 1000);
    await eventually(() => runs.length === 1, 'the first attempt');
    await eventually(
      async () =>
        (await queue.findJobs(recordRun.name)).some((job) => job.id === id && job.state === 'retry'),
      'the failure to be recorded',
    );

    // retryDelaySeconds 30 with backoff: the second attempt comes 30 to 60 seconds after the failure,
    // counted here from the failed attempt's own time. Counted from the poll meant to start it, a check
    // 29 s on once met the retry already run in CI.
    const failedAt = runs[0]?.at ?? sentAt;
    await pollAt(failedAt + 28_000);
    expect(runs).toHaveLength(1);
    await pollAt(failedAt + 61_000);
    await eventually(() => runs.length === 2, 'the retry');
    expect(runs.map((run) => run.retry)).toEqual([0, 1]);
    await eventually(
      async () =>
        (await queue.findJobs(recordRun.name)).some((job) => job.id === id && job.state === 'completed'),
      'the job to complete',
    );
  });

  it('drains a backlog in full batches without waiting out the polling interval, each job settled alone', async () => {
    await startQueue({ failures: 1, batchSize: 5 });
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, index) => queue.send(recordRun, { key: `backlog ${index}` })),
    );
    // The clock then stands still one polling interval on: two full batches, each followed at once by
    // the next fetch, then the last two jobs. One job at a time would run two jobs here, then wait.
    await pollAt(clock.now() + 1000);
    await eventually(() => runs.length === 12, 'the whole backlog to run');
    // A batch's jobs run side by side, not one after another.
    expect(mostAtOnce).toBe(5);
    // The one failed attempt waits for its retry; the others of its batch are done.
    await eventually(async () => {
      const states = (await queue.findJobs(recordRun.name))
        .filter((job) => ids.includes(job.id))
        .map((job) => job.state);
      return states.filter((state) => state === 'completed').length === 11 && states.includes('retry');
    }, 'eleven jobs completed and one waiting for its retry');
  });

  it('sends a job with the transaction that causes it, and none when it rolls back', async () => {
    await startQueue();
    await expect(
      database.db.transaction(async (tx) => {
        await queue.send(recordRun, { key: 'rolled back' }, { tx });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    await database.db.transaction(async (tx) => {
      await queue.send(recordRun, { key: 'committed' }, { tx });
    });

    expect((await queue.findJobs(recordRun.name)).map((job) => job.data)).toEqual([{ key: 'committed' }]);
    await pollAt(clock.now() + 1000);
    await eventually(() => runs.length === 1, 'the committed job to run');
    expect(runs[0]?.key).toBe('committed');
  });

  it('runs a cron job once per occurrence', async () => {
    await startQueue({ cron: '* * * * *' });
    const start = clock.now();
    // Small steps through three minutes: every timer (cron check, polls) fires at its own time.
    for (let at = start; at < start + 3 * MINUTE; at += 5000) await clock.tick(5000);
    await eventually(async () => {
      const jobs = await queue.findJobs(recordRun.name);
      return jobs.length >= 3 && jobs.every((job) => job.state === 'completed');
    }, 'the cron jobs to run');
    // Three minutes, plus the one it started in, which pg-boss still counts as due: one job each, each
    // run once. (Counted by jobs, not by the clock in the handler: on a busy machine a run can start in
    // the minute after its occurrence.)
    const jobs = await queue.findJobs(recordRun.name);
    expect(jobs.length).toBeLessThanOrEqual(4);
    expect(runs).toHaveLength(jobs.length);
  });
});

type Worker = { process: ChildProcess; output: () => string; exited: Promise<unknown> };

// test/job-process.ts and the server code it runs, in one file built once for this file's tests: a worker
// then starts in half a second and 0.4 CPU-seconds, where loading each module through tsx's hooks took
// 3 CPU-seconds on every start. Packages with native or WebAssembly parts load from node_modules.
const WORKER_SCRIPT = join(SERVER_ROOT, 'node_modules/.cache/tokenly-tests/job-process.mjs');
beforeAll(async () => {
  await build({
    absWorkingDir: SERVER_ROOT,
    entryPoints: ['src/test/job-process.ts'],
    outfile: WORKER_SCRIPT,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg-native'],
    // Bundled CommonJS packages (pg) call require() for Node's own modules.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
});

/** test/job-process.ts: the queue in a process of its own, as the server runs it. */
function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, [WORKER_SCRIPT], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { process: child, output: () => output, exited: once(child, 'exit') };
}

async function waitForLine(worker: Worker, pattern: RegExp): Promise<RegExpMatchArray> {
  let match: RegExpMatchArray | null = null;
  await eventually(
    () => {
      if (worker.process.exitCode !== null) throw new Error(`the worker exited:\n${worker.output()}`);
      match = pattern.exec(worker.output());
      return match !== null;
    },
    `${pattern} from the worker`,
    150_000,
  );
  return match as unknown as RegExpMatchArray;
}

async function stopWorker(worker: Worker, signal: NodeJS.Signals): Promise<void> {
  if (worker.process.exitCode === null && worker.process.signalCode === null) {
    worker.process.kill(signal);
    await worker.exited;
  }
}

/** A database on disk that separate processes can open, with the table the worker records runs in. */
async function sharedDatabase(kind: DatabaseKind) {
  let env: Record<string, string>;
  let open: () => Promise<DatabaseHandle>;
  let cleanUp: () => Promise<void>;
  let database: DatabaseHandle;
  if (kind === 'postgres') {
    const empty = await createEmptyPostgresDatabase();
    env = { DATABASE_URL: empty.url };
    open = () => openDatabase({ databaseUrl: empty.url });
    cleanUp = empty.destroy;
    database = await open();
  } else {
    const dataDir = await mkdtemp(join(tmpdir(), 'tokenly-jobs-'));
    env = { DATA_DIR: dataDir };
    open = () => openDatabase({ dataDir });
    cleanUp = () => rm(dataDir, { recursive: true, force: true });
    // The empty directory starts as the migrated dump; later openings find it there.
    database = await openDatabase({ dataDir, loadDataDir: await migratedPgliteDump() });
  }
  await migrateDatabase(database);
  await database.db.execute(sql`create table test_job_runs (job_id text, key text, pid int)`);
  await database.close();
  const runs = async () => {
    const db = await open();
    try {
      return (
        await db.db.execute<{ job_id: string; key: string }>(sql`select job_id, key from test_job_runs`)
      ).rows;
    } finally {
      await db.close();
    }
  };
  return { env, open, runs, cleanUp };
}

describe.each(PARITY_DATABASE_KINDS)('jobs across processes on %s', (kind) => {
  it('runs a job scheduled before a SIGKILL of its process once it is restarted', async () => {
    const shared = await sharedDatabase(kind);
    const workers: Worker[] = [];
    try {
      const first = startWorker({ ...shared.env, SEND_AFTER_MS: '1500' });
      workers.push(first);
      const [, id] = await waitForLine(first, /sent (\S+)/);
      await stopWorker(first, 'SIGKILL');

      const second = startWorker(shared.env);
      workers.push(second);
      await waitForLine(second, new RegExp(`ran ${id}`));
      // Stopped before reading: an embedded database belongs to one process at a time.
      await stopWorker(second, 'SIGTERM');
      const runs = await shared.runs();
      expect(runs).toEqual([{ job_id: id, key: 'after-kill' }]);
    } finally {
      for (const worker of workers) await stopWorker(worker, 'SIGKILL');
      await shared.cleanUp();
    }
  }, 400_000);
});

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('jobs on two processes sharing PostgreSQL', () => {
  it('runs each job exactly once', async () => {
    const shared = await sharedDatabase('postgres');
    const workers = [startWorker(shared.env), startWorker(shared.env)];
    const sender = await shared.open();
    const queue = createJobQueue(sender, { runWorkers: false, log: quiet });
    queue.define(recordRun);
    try {
      await Promise.all(workers.map((worker) => waitForLine(worker, /ready/)));
      await queue.start();
      const keys = Array.from({ length: 40 }, (_, index) => `job-${index}`);
      const ids = await Promise.all(keys.map((key) => queue.send(recordRun, { key })));
      await eventually(async () => (await shared.runs()).length >= keys.length, 'every job to run', 60_000);
      // Every job completed, so none can be claimed again, and both workers stopped, which lets a run under
      // way finish first: a second run of any job is in the table by now.
      await eventually(async () => {
        const jobs = await queue.findJobs(recordRun.name);
        return jobs.length === keys.length && jobs.every((job) => job.state === 'completed');
      }, 'every job to complete');
      for (const worker of workers) await stopWorker(worker, 'SIGTERM');
      expect(workers.map((worker) => worker.process.exitCode)).toEqual([0, 0]);
      const runs = await shared.runs();
      expect(runs.map((run) => run.job_id).sort()).toEqual([...ids].sort());
      expect(runs.map((run) => run.key).sort()).toEqual([...keys].sort());
    } finally {
      await queue.stop();
      await sender.close();
      for (const worker of workers) await stopWorker(worker, 'SIGTERM');
      await shared.cleanUp();
    }
  }, 180_000);
});

// The queue lives through losing PostgreSQL: its workers poll on through the outage, a job that
// fell due meanwhile and the cron run once it is back, and a job whose connections die mid-transaction is
// retried and leaves its effect once.
describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('the job queue through a database outage', () => {
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let destroy: () => Promise<void>;
  let clock: TestClock;
  let queue: JobQueue | undefined;

  beforeEach(async () => {
    const empty = await createEmptyPostgresDatabase();
    proxy = await startTcpProxy(empty.url);
    database = await openDatabase({ databaseUrl: proxy.url });
    await migrateDatabase(database);
    destroy = async () => {
      await database.close();
      await proxy.close();
      await empty.destroy();
    };
    clock = new TestClock();
    queue = undefined;
  });
  afterEach(async () => {
    await queue?.stop();
    await destroy();
  });

  it('polls on through a cut, and runs a job that fell due meanwhile once the database is back', async () => {
    // The system clock here: pg-boss's TestClock writes its time to the database, which is unreachable.
    const outages: unknown[] = [];
    const runs: string[] = [];
    const started = createJobQueue(database, {
      runWorkers: true,
      log: { ...quiet, warn: (entry: unknown) => outages.push(entry) },
      pollingIntervalSeconds: 0.5,
    });
    queue = started;
    started.define({ ...recordRun, run: async ({ key }: { key: string }) => void runs.push(key) });
    await started.start();
    const due = Date.now() + 1000;
    const id = await started.send(recordRun, { key: 'due-in-outage' }, { startAfter: new Date(due) });

    await proxy.cut('refuse');
    expect(await started.isReady()).toBe(false);
    // Polls that failed after the job fell due: the workers went on through the outage.
    await eventually(() => Date.now() > due && outages.length >= 3, 'polls to fail after the job fell due');
    const failedPolls = outages.length;
    await eventually(() => outages.length > failedPolls + 2, 'more polls to fail');
    expect(runs).toEqual([]);

    await proxy.restore();
    await eventually(
      async () =>
        (await started.findJobs(recordRun.name)).some((job) => job.id === id && job.state === 'completed'),
      'the job to run and complete',
    );
    expect(runs).toEqual(['due-in-outage']);
    expect(await started.isReady()).toBe(true);
  }, 60_000);

  it('runs its cron once a minute again after its connections were reset', async () => {
    const started = createJobQueue(database, {
      runWorkers: true,
      log: quiet,
      clock,
      pollingIntervalSeconds: 1,
    });
    queue = started;
    started.define({ ...recordRun, cron: '* * * * *' });
    await started.start();
    await proxy.cut('reset');
    await proxy.restore();

    // As in the cron test above: small steps through three minutes, each timer at its own time.
    for (let step = 0; step < (3 * MINUTE) / 5000; step += 1) await clock.tick(5000);
    const completed = async () =>
      (await started.findJobs(recordRun.name)).filter(
        (job) => job.state === 'completed' && job.retryCount === 0,
      );
    await eventually(async () => (await completed()).length >= 3, 'the cron jobs to run');
    // One job per minute: the three, and the one it started in, which pg-boss still counts as due.
    expect((await started.findJobs(recordRun.name)).length).toBeLessThanOrEqual(4);
  }, 60_000);

  it('retries a job whose connections were ended inside its transaction; its effect is stored once', async () => {
    await database.db.execute(sql`create table test_job_effects (key text)`);
    let inTransaction = () => {};
    const entered = new Promise<void>((done) => {
      inTransaction = done;
    });
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    const started = createJobQueue(database, {
      runWorkers: true,
      log: quiet,
      clock,
      pollingIntervalSeconds: 1,
    });
    queue = started;
    started.define({
      ...recordRun,
      run: async ({ key }: { key: string }, { retry }) => {
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into test_job_effects (key) values (${key})`);
          // The first attempt waits, its transaction open, while the test ends every session.
          if (retry === 0) {
            inTransaction();
            await held;
          }
        });
      },
    });
    await started.start();
    const id = await started.send(recordRun, { key: 'in-flight' });
    await clock.tick(1000);
    await entered;
    expect(await endSessions(proxy.url)).toBeGreaterThan(0);
    release();

    const completed = async () => {
      try {
        return (await started.findJobs(recordRun.name)).some(
          (job) => job.id === id && job.state === 'completed',
        );
      } catch {
        // The test's own read can be handed a pooled connection the outage ended before the pool noticed;
        // the next read opens a new one. Only the job's retry is under test.
        return false;
      }
    };
    // A tick writes the queue's clock through its pool, and a failed write loses that tick's timer: so
    // first the pool must hand out only live connections. Reads in parallel take every pooled connection,
    // dropping those the outage ended, until a whole round succeeds.
    await eventually(async () => {
      const reads = Array.from({ length: 12 }, () => started.findJobs(recordRun.name));
      return (await Promise.allSettled(reads)).every((read) => read.status === 'fulfilled');
    }, 'the queue to reconnect');
    // The failed attempt is retried after its backoff (30 to 60 s), in steps of the queue's clock. The
    // clock moves on while waiting: how soon the first attempt is seen to fail depends on the machine,
    // and its backoff only starts then.
    await eventually(
      async () => {
        if (await completed()) return true;
        await clock.tick(5000);
        return false;
      },
      'the job to be retried and complete',
      60_000,
    );
    const [job] = (await started.findJobs(recordRun.name)).filter((one) => one.id === id);
    expect(job?.retryCount).toBeGreaterThan(0);
    expect((await database.db.execute(sql`select key from test_job_effects`)).rows).toEqual([
      { key: 'in-flight' },
    ]);
  }, 120_000);
});
