import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import { seriesRoutes } from './series.routes';
import { createSeriesService, type SeriesServiceOptions } from './series-service';

/** Weekly class series: made, extended, changed or cancelled from a class on, and booked as a whole. */
export function seriesModule(db: Database, options: SeriesServiceOptions) {
  const series = createSeriesService(db, options);
  const routes: ModuleRoutes = async (api) => {
    await api.register(seriesRoutes, { series });
  };
  return { routes };
}
