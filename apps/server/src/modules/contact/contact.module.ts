import type { ModuleRoutes } from '../../app-type';
import type { RateLimit } from '../../config/env';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../mail/mailer';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { contactRoutes } from './contact.routes';
import { createContactService } from './contact-service';

/** The contact form: the enquiry mailed to the school and its receipt to the sender. */
export function contactModule(
  db: Database,
  {
    rateLimit,
    ...options
  }: {
    mailer: Mailer;
    clock: Clock;
    settings: SchoolSettingsSource;
    mail: { appUrl: string };
    rateLimit: RateLimit;
  },
) {
  const contact = createContactService(db, options);
  const routes: ModuleRoutes = async (api) => {
    await api.register(contactRoutes, { contact, rateLimit });
  };
  return { routes };
}
