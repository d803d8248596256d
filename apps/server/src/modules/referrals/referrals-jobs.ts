import { defineJob, type JobDefinition } from '../../jobs/job-queue';
import type { ReferralService } from './referrals-service';

/**
 * Every ten minutes: rewards the sponsors whose friends' purchases have stood for the hold. A sweep, not
 * a delayed job per referral, because the friend's first attended class (the other half of the hold)
 * has no date to wait for; each reward is granted once under the referral's lock, whichever process runs it.
 */
export function referralRewardJob(referrals: ReferralService): JobDefinition<object> {
  return defineJob<object>({
    name: 'referrals.reward',
    cron: '*/10 * * * *',
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    run: async () => {
      await referrals.rewardDue();
    },
  });
}
