import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { invoicesRoutes } from './invoices.routes';
import { createInvoiceService } from './invoices-service';

/** Invoices and credit notes (issued by checkout and refunds), their pages and PDFs, billing details. */
export function invoicesModule(
  db: Database,
  { clock, settings }: { clock: Clock; settings: SchoolSettingsSource },
) {
  const invoices = createInvoiceService(db, { clock, settings });
  const routes: ModuleRoutes = async (api) => {
    await api.register(invoicesRoutes, { invoices });
  };
  return { service: invoices, routes };
}
