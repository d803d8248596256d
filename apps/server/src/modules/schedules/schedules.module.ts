import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { ResponseCache } from '../../plugins/response-cache';
import type { RoomsRequest } from '../classroom/classroom.module';
import type { Mailer } from '../mail/mailer';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import type { WaitlistService } from '../waitlist/waitlist-service';
import { createClassChanges } from './class-changes';
import { schedulesRoutes } from './schedules.routes';
import { createSchedulesService } from './schedules-service';

/**
 * The admins' class list, and adding and editing classes (a raised capacity fills from the waitlist; a
 * change of time, teacher, type or released link is mailed to the class's learners).
 */
export function schedulesModule(
  db: Database,
  {
    waitlist,
    settings,
    clock,
    cached,
    mailer,
    appUrl,
    rooms,
  }: {
    waitlist: Pick<WaitlistService, 'promote'>;
    settings: SchoolSettingsSource;
    clock: Clock;
    cached: ResponseCache;
    mailer: Mailer;
    appUrl: string;
    rooms: RoomsRequest;
  },
) {
  const changes = createClassChanges({ mailer, settings, clock, appUrl });
  const schedules = createSchedulesService(db, {
    waitlist,
    settings,
    clock,
    memo: cached.memoFor('adminSchedules'),
    changes,
    rooms,
  });
  const routes: ModuleRoutes = async (api) => {
    await api.register(schedulesRoutes, { schedules, cached });
  };
  return { routes, changes };
}
