import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { BookingsService } from '../bookings/bookings-service';
import type { ClassChanges } from '../schedules/class-changes';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import type { WaitlistService } from '../waitlist/waitlist-service';
import { seriesRoutes } from './series.routes';
import { createSeriesService } from './series-service';

/** Weekly class series: made, extended, changed or cancelled from a class on, and booked as a whole. */
export function seriesModule(
  db: Database,
  options: {
    clock: Clock;
    settings: SchoolSettingsSource;
    bookings: Pick<BookingsService, 'book' | 'cancelSchedule'>;
    waitlist: Pick<WaitlistService, 'promote'>;
    changes: Pick<ClassChanges, 'announce'>;
  },
) {
  const series = createSeriesService(db, options);
  const routes: ModuleRoutes = async (api) => {
    await api.register(seriesRoutes, { series });
  };
  return { routes };
}
