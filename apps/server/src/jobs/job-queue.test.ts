import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../config/paths';
import { type DatabaseHandle, type DatabaseKind, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { createEmptyPostgresDatabase, createTestDatabase, TEST_DATABASE_KINDS } from '../test/test-database';
import { createJobQueue, defineJob, type JobQueue } from './job-queue';

// Issue 10: the job queue on both databases: a job runs at its time and not before, a failed attempt is
// retried after its backoff, cron sends one job per occurrence, a job sent in a transaction exists only
// if it commits; and, with real processes, a job runs once across two of them and survives a SIGKILL
// of the process that scheduled it.

const MINUTE = 60_000;
const quiet = { error: () => {}, warn: () => {}, debug: () => {} };

/** Waits, in real time, until `check` holds: job handlers run after the poll that claimed them. */
async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

const recordRun = defineJob<{ key: string }>({
  name: 'test.record-run',
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 60,
  run: async () => {},
});

describe.each(TEST_DATABASE_KINDS)('the job queue on %s', (kind) => {
  let database: DatabaseHandle;
  let destroy: () => Promise<void>;
  let clock: TestClock;
  let queue: JobQueue;
  let runs: { key: string | undefined; retry: number; at: number }[];

  /** A started queue whose one job records its runs, failing the first `failures` attempts. */
  async function startQueue(options: { failures?: number; cron?: string } = {}): Promise<void> {
    let failures = options.failures ?? 0;
    queue = createJobQueue(database, { runWorkers: true, log: quiet, clock, pollingIntervalSeconds: 1 });
    queue.define({
      ...recordRun,
      cron: options.cron,
      run: async ({ key }: { key?: string }, { retry }) => {
        runs.push({ key, retry, at: clock.now() });
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

    // retryDelaySeconds 30 with backoff: the second attempt comes 30 to 60 seconds after the failure.
    await pollAt(sentAt + 1000 + 29_000);
    expect(runs).toHaveLength(1);
    await pollAt(sentAt + 1000 + 61_000);
    await eventually(() => runs.length === 2, 'the retry');
    expect(runs.map((run) => run.retry)).toEqual([0, 1]);
    await eventually(
      async () =>
        (await queue.findJobs(recordRun.name)).some((job) => job.id === id && job.state === 'completed'),
      'the job to complete',
    );
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
    await eventually(() => runs.length >= 3, 'the cron jobs to run');
    // Each minute of the three (and of the one it started in, which pg-boss still counts as due) once.
    const minutes = runs.map((run) => Math.floor(run.at / MINUTE));
    expect(new Set(minutes).size).toBe(minutes.length);
    expect(minutes.length).toBeLessThanOrEqual(4);
  });
});

type Worker = { process: ChildProcess; output: () => string; exited: Promise<unknown> };

/** test/job-process.ts: the queue in a process of its own, as the server runs it. */
function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/job-process.ts'], {
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
    90_000,
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
  if (kind === 'postgres') {
    const empty = await createEmptyPostgresDatabase();
    env = { DATABASE_URL: empty.url };
    open = () => openDatabase({ databaseUrl: empty.url });
    cleanUp = empty.destroy;
  } else {
    const dataDir = await mkdtemp(join(tmpdir(), 'tokenly-jobs-'));
    env = { DATA_DIR: dataDir };
    open = () => openDatabase({ dataDir });
    cleanUp = () => rm(dataDir, { recursive: true, force: true });
  }
  const database = await open();
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

describe.each(TEST_DATABASE_KINDS)('jobs across processes on %s', (kind) => {
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
  }, 180_000);
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
      // Past the last run, so a second run of any job would have shown up too.
      await new Promise((done) => setTimeout(done, 1500));
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
