import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import { auditRoutes } from './audit.routes';
import { createAuditService } from './audit-service';

/** The audit log of administrative changes (plugins/audit-log.ts records them). */
export function auditModule(db: Database) {
  const audit = createAuditService(db);
  const routes: ModuleRoutes = async (api) => {
    await api.register(auditRoutes, { audit });
  };
  return { service: audit, routes };
}
