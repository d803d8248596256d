import type { DatabaseHandle, DatabaseKind } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { pingDatabase } from './health-repository';

/** Readiness answers within this, whatever the database does: a balancer's probe has a timeout too. */
export const READY_TIMEOUT_MS = 2000;

export async function checkHealth(
  database: DatabaseHandle,
): Promise<{ status: 'ok'; database: DatabaseKind }> {
  try {
    await pingDatabase(database.db);
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable.');
  }
  return { status: 'ok', database: database.kind };
}

/** True when `check` succeeds within READY_TIMEOUT_MS; a check still waiting for a connection is not ready. */
async function passes(check: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Ready to take traffic when the database and the job queue both answer. */
export async function checkReadiness(
  database: DatabaseHandle,
  jobs: JobQueue,
): Promise<{ status: 'ready'; database: DatabaseKind }> {
  const [databaseUp, jobsUp] = await Promise.all([
    passes(() => pingDatabase(database.db).then(() => true)),
    passes(() => jobs.isReady()),
  ]);
  if (!databaseUp) throw new AppError('SERVICE_UNAVAILABLE', 'Not ready: the database is unavailable.');
  if (!jobsUp) throw new AppError('SERVICE_UNAVAILABLE', 'Not ready: the job queue is unavailable.');
  return { status: 'ready', database: database.kind };
}
