import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { ResponseCache } from '../../plugins/response-cache';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import type { WaitlistService } from '../waitlist/waitlist-service';
import { schedulesRoutes } from './schedules.routes';
import { createSchedulesService } from './schedules-service';

/** The admins' class list, and adding and editing classes (a raised capacity fills from the waitlist). */
export function schedulesModule(
  db: Database,
  {
    waitlist,
    settings,
    clock,
    cached,
  }: {
    waitlist: Pick<WaitlistService, 'promote'>;
    settings: SchoolSettingsSource;
    clock: Clock;
    cached: ResponseCache;
  },
) {
  const schedules = createSchedulesService(db, {
    waitlist,
    settings,
    clock,
    memo: cached.memoFor('adminSchedules'),
  });
  const routes: ModuleRoutes = async (api) => {
    await api.register(schedulesRoutes, { schedules, cached });
  };
  return { routes };
}
