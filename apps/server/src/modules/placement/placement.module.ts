import type { ModuleRoutes } from '../../app-type';
import type { RateLimits } from '../../config/env';
import type { Database } from '../../db/client';
import { placementRoutes } from './placement.routes';
import { placementItemsRoutes } from './placement-items.routes';
import { createPlacementItemsService } from './placement-items-service';
import { itemBankLoader } from './placement-repository';
import { createPlacementService } from './placement-service';

/**
 * The adaptive placement test: its item bank (kept by the administrator), its tests, and the level its
 * result gives a learner.
 */
export function placementModule(
  db: Database,
  {
    rateLimit,
    ...options
  }: Omit<Parameters<typeof createPlacementService>[1], 'ensureBank'> & {
    rateLimit: RateLimits['placement'];
  },
) {
  const ensureBank = itemBankLoader(db);
  const placement = createPlacementService(db, { ...options, ensureBank });
  const items = createPlacementItemsService(db, { clock: options.clock, ensureBank });
  const routes: ModuleRoutes = async (api) => {
    await api.register(placementRoutes, { placement, rateLimit });
    await api.register(placementItemsRoutes, { items });
  };
  return { service: placement, routes };
}
