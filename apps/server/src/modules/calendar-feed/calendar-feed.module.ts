import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { calendarFeedRoutes } from './calendar-feed.routes';
import { createCalendarFeedService } from './calendar-feed-service';

/** Each learner's private calendar feed of their bookings. */
export function calendarFeedModule(
  db: Database,
  options: { appUrl: string; clock: Clock; settings: SchoolSettingsSource },
) {
  const feeds = createCalendarFeedService(db, options);
  const routes: ModuleRoutes = async (api) => {
    await api.register(calendarFeedRoutes, { feeds });
  };
  return { routes };
}
