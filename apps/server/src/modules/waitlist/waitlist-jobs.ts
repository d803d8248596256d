import { defineJob, type JobDefinition } from '../../jobs/job-queue';
import type { WaitlistService } from './waitlist-service';

/**
 * Every minute (docs/decisions/008): closes the waitlists whose cutoff has come and fills seats a learner
 * in line can now pay for. A sweep rather than one delayed job per class, so a class moved to another
 * time needs no rescheduling; promotion itself never depends on it running on time.
 */
export function waitlistSweepJob(waitlist: WaitlistService): JobDefinition<object> {
  return defineJob<object>({
    name: 'waitlist.sweep',
    cron: '* * * * *',
    retryLimit: 2,
    retryDelaySeconds: 10,
    expireInSeconds: 120,
    run: async () => {
      await waitlist.sweep();
    },
  });
}
