import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService } from './payments-service';

/** The admins' payment list (and its CSV), and a learner's receipt. */
export function paymentsModule(db: Database, { settings }: { settings: SchoolSettingsSource }) {
  const payments = createPaymentsService(db, { settings });
  const routes: ModuleRoutes = async (api) => {
    await api.register(paymentsRoutes, { payments });
  };
  return { routes };
}
