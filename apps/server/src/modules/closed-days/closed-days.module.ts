import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import { closedDaysRoutes } from './closed-days.routes';
import { createClosedDaysService } from './closed-days-service';

/** The school's closed days: managed by administrators, skipped by series, named on the timetable. */
export function closedDaysModule(db: Database, options: Parameters<typeof createClosedDaysService>[1]) {
  const closedDays = createClosedDaysService(db, options);
  const routes: ModuleRoutes = async (api) => {
    await api.register(closedDaysRoutes, { closedDays });
  };
  return { routes };
}
