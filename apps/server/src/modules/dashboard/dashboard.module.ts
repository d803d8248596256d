import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { ResponseCache } from '../../plugins/response-cache';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import type { WaitlistService } from '../waitlist/waitlist-service';
import { dashboardRoutes } from './dashboard.routes';
import { createDashboardService } from './dashboard-service';

/** The admin dashboard's counts and the next classes. */
export function dashboardModule(
  db: Database,
  {
    cached,
    ...options
  }: {
    settings: SchoolSettingsSource;
    waitlist: Pick<WaitlistService, 'countUpcoming'>;
    clock: Clock;
    cached: ResponseCache;
  },
) {
  const dashboard = createDashboardService(db, options);
  const routes: ModuleRoutes = async (api) => {
    await api.register(dashboardRoutes, { dashboard, cached });
  };
  return { routes };
}
