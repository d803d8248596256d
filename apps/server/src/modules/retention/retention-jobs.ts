import { defineJob, type JobDefinition } from '../../jobs/job-queue';
import type { RetentionService } from './retention-service';

/**
 * Every hour: the retention sweep (retention-service.ts). Hourly rather than daily so a missed run (a
 * restart, an outage) costs an hour, and each run has little to do.
 */
export function retentionSweepJob(retention: RetentionService): JobDefinition<object> {
  return defineJob<object>({
    name: 'retention.sweep',
    cron: '41 * * * *',
    retryLimit: 2,
    retryDelaySeconds: 300,
    expireInSeconds: 1800,
    run: async () => {
      await retention.sweep();
    },
  });
}
