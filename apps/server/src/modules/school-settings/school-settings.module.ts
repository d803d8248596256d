import type { ModuleRoutes } from '../../app-type';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { schoolSettingsRoutes } from './school-settings.routes';
import { createSchoolSettingsService, firstSchoolSettings } from './school-settings-service';

/**
 * The school settings live in the database and are read once per request; the configuration only gives a
 * new database its first values.
 */
export function schoolSettingsModule(db: Database, { config, clock }: { config: AppConfig; clock: Clock }) {
  const settings = createSchoolSettingsService(db, { first: firstSchoolSettings(config), clock });
  const routes: ModuleRoutes = async (api) => {
    await api.register(schoolSettingsRoutes, { settings });
  };
  return { service: settings, routes };
}
