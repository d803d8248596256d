import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { retentionSweepJob } from './retention-jobs';
import { createRetentionService, type RetentionOptions } from './retention-service';

/** The hourly sweep of what the school no longer needs to keep; no routes. */
export function retentionModule(db: Database, { jobs, ...options }: RetentionOptions & { jobs: JobQueue }) {
  const retention = createRetentionService(db, options);
  jobs.define(retentionSweepJob(retention));
  return { service: retention };
}
