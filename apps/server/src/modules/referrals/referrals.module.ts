import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { referralsRoutes } from './referrals.routes';
import { referralRewardJob } from './referrals-jobs';
import { createReferralService, type ReferralServiceOptions } from './referrals-service';

/** Sponsor links, the referrals they bring, and the job that rewards sponsors once the hold is met. */
export function referralsModule(
  db: Database,
  { jobs, ...options }: ReferralServiceOptions & { jobs: JobQueue },
) {
  const referrals = createReferralService(db, options);
  jobs.define(referralRewardJob(referrals));
  const routes: ModuleRoutes = async (api) => {
    await api.register(referralsRoutes, { referrals });
  };
  return { routes, service: referrals };
}
