import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { auditRoutes } from './audit.routes';
import { createAuditService } from './audit-service';

/** The audit log of administrative changes (plugins/audit-log.ts records them). */
export function auditModule(db: Database, options: { settings: SchoolSettingsSource }) {
  const audit = createAuditService(db, options);
  const routes: ModuleRoutes = async (api) => {
    await api.register(auditRoutes, { audit });
  };
  return { service: audit, routes };
}
