import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import { tokenPlansRoutes } from './token-plans.routes';
import { createTokenPlansService } from './token-plans-service';

/** The token packages and memberships on sale. */
export function tokenPlansModule(db: Database) {
  const tokenPlans = createTokenPlansService(db);
  const routes: ModuleRoutes = async (api) => {
    await api.register(tokenPlansRoutes, { tokenPlans });
  };
  return { routes };
}
