import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { ResponseCache } from '../../plugins/response-cache';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { siteRoutes } from './site.routes';
import { createSiteService } from './site-service';

/** The school's public site: its public teachers, its course tabs and its store addresses. */
export function siteModule(
  db: Database,
  { settings, cached }: { settings: SchoolSettingsSource; cached: ResponseCache },
) {
  const site = createSiteService(db, { settings });
  const routes: ModuleRoutes = async (api) => {
    await api.register(siteRoutes, { site, cached });
  };
  return { routes };
}
