import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { FailureLimiter } from '../../plugins/rate-limit';
import { giftsRoutes } from './gifts.routes';
import { giftDeliveryJob } from './gifts-jobs';
import { createGiftService, type GiftServiceOptions } from './gifts-service';

/** Gift cards: the gifts a learner bought, the job that mails their codes, and redeeming a code. */
export function giftsModule(
  db: Database,
  {
    jobs,
    codeGuesses,
    ...options
  }: GiftServiceOptions & {
    jobs: JobQueue;
    /** Wrong codes, counted with promo codes'. */
    codeGuesses: FailureLimiter;
  },
) {
  const gifts = createGiftService(db, options);
  jobs.define(giftDeliveryJob(gifts));
  const routes: ModuleRoutes = async (api) => {
    await api.register(giftsRoutes, { gifts, codeGuesses });
  };
  return { routes, service: gifts };
}
