import type { ModuleRoutes } from '../../app-type';
import type { DatabaseHandle } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { healthRoutes } from './health.routes';

/** Health and readiness: whether the server, its database and its job queue are up. */
export function healthModule({ database, jobs }: { database: DatabaseHandle; jobs: JobQueue }) {
  const routes: ModuleRoutes = async (api) => {
    await api.register(healthRoutes, { database, jobs });
  };
  return { routes };
}
