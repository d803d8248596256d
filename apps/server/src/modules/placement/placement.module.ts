import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import { placementRoutes } from './placement.routes';
import { createPlacementService } from './placement-service';

/** The adaptive placement test: its item bank, its tests, and the level its result gives a learner. */
export function placementModule(db: Database, options: Parameters<typeof createPlacementService>[1]) {
  const placement = createPlacementService(db, options);
  const routes: ModuleRoutes = async (api) => {
    await api.register(placementRoutes, { placement });
  };
  return { service: placement, routes };
}
