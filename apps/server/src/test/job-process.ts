import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { createJobQueue, defineJob } from '../jobs/job-queue';

// A process that runs the job queue as the server does, for tests of several processes and of SIGKILL
// (jobs/job-queue.test.ts): its one job records each run in test_job_runs, a table the test made.
// DATABASE_URL or DATA_DIR picks the database; SEND_AFTER_MS=n sends one job due n ms from now and
// prints `sent <id>`; `ready` means its workers are running, `ran <id>` that a job ran.

export const recordRun = defineJob<{ key: string }>({
  name: 'test.record-run',
  retryLimit: 3,
  retryDelaySeconds: 1,
  expireInSeconds: 30,
  // In batches, as the mailer delivers: pg-boss fetches again at once only after a full batch of more
  // than one, so one job at a time each process would take one job per polling interval.
  batchSize: 5,
  run: async () => {},
});

const { DATABASE_URL, DATA_DIR, SEND_AFTER_MS } = process.env;
const database = await openDatabase(DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dataDir: DATA_DIR });
const jobs = createJobQueue(database, {
  runWorkers: true,
  log: { error: console.error, warn: console.error, debug: () => {} },
  pollingIntervalSeconds: 0.5,
});
jobs.define({
  ...recordRun,
  run: async ({ key }: { key: string }, { id }) => {
    await database.db.execute(
      sql`insert into test_job_runs (job_id, key, pid) values (${id}, ${key}, ${process.pid})`,
    );
    console.log(`ran ${id}`);
  },
});
await jobs.start();
if (SEND_AFTER_MS) {
  const id = await jobs.send(
    recordRun,
    { key: 'after-kill' },
    { startAfter: new Date(Date.now() + Number(SEND_AFTER_MS)) },
  );
  console.log(`sent ${id}`);
}
console.log('ready');
process.on('SIGTERM', async () => {
  await jobs.stop();
  await database.close();
  process.exit(0);
});
