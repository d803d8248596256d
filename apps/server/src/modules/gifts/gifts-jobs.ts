import { defineJob, type JobDefinition } from '../../jobs/job-queue';
import type { GiftService } from './gifts-service';

/**
 * Every five minutes: mails the codes of paid gifts whose delivery day has begun (a gift dated today is
 * mailed when its payment is recorded). A sweep rather than a job per gift, so a gift refunded before its
 * day is simply never found; each is sent once under its row's lock, whichever process runs it.
 */
export function giftDeliveryJob(gifts: GiftService): JobDefinition<object> {
  return defineJob<object>({
    name: 'gifts.deliver',
    cron: '*/5 * * * *',
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    run: async () => {
      await gifts.deliverDue();
    },
  });
}
