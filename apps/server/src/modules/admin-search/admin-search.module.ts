import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import { adminSearchRoutes } from './admin-search.routes';
import { createAdminSearchService } from './admin-search-service';

/** The admin top bar's search: a few learners, classes and payments for what was typed. */
export function adminSearchModule(db: Database) {
  const search = createAdminSearchService(db);
  const routes: ModuleRoutes = async (api) => {
    await api.register(adminSearchRoutes, { search });
  };
  return { routes };
}
