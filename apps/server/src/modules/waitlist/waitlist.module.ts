import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { waitlistRoutes } from './waitlist.routes';
import { waitlistSweepJob } from './waitlist-jobs';
import { createWaitlistService, type WaitlistServiceOptions } from './waitlist-service';

/** Waiting for a seat of a full class, and the sweep that closes waitlists at their cutoff. */
export function waitlistModule(
  db: Database,
  { jobs, ...options }: WaitlistServiceOptions & { jobs: JobQueue },
) {
  const waitlist = createWaitlistService(db, options);
  jobs.define(waitlistSweepJob(waitlist));
  const routes: ModuleRoutes = async (api) => {
    await api.register(waitlistRoutes, { waitlist });
  };
  return { service: waitlist, routes };
}
