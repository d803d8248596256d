import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { ResponseCache } from '../../plugins/response-cache';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { calendarRoutes } from './calendar.routes';
import { createCalendarService } from './calendar-service';

/** The booking calendar, the next classes and a class's own page. */
export function calendarModule(
  db: Database,
  { settings, clock, cached }: { settings: SchoolSettingsSource; clock: Clock; cached: ResponseCache },
) {
  const calendar = createCalendarService(db, { settings, clock });
  const routes: ModuleRoutes = async (api) => {
    await api.register(calendarRoutes, { calendar, cached });
  };
  return { routes };
}
