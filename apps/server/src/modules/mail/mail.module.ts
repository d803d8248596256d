import type { ModuleRoutes } from '../../app-type';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { Clock } from '../../lib/clock';
import { createMailPreferencesService } from './mail-preferences';
import { mailPreferencesRoutes } from './mail-preferences.routes';
import { createSmtpTransport } from './mail-transport';
import { createMailer } from './mailer';
import { outboxRoutes } from './outbox.routes';
import { createOutboxService } from './outbox-service';

/** The outbox and its delivery job, mail preferences with one-click unsubscribe, and the admin Outbox. */
export function mailModule(
  db: Database,
  { config, jobs, clock }: { config: AppConfig; jobs: JobQueue; clock: Clock },
) {
  const transport = config.smtpUrl === undefined ? undefined : createSmtpTransport(config.smtpUrl);
  const mailer = createMailer(db, { config, jobs, clock, transport });
  for (const job of mailer.jobs) jobs.define(job);
  const routes: ModuleRoutes = async (api) => {
    await api.register(mailPreferencesRoutes, { preferences: createMailPreferencesService(db) });
    await api.register(outboxRoutes, { outbox: createOutboxService(db, { appUrl: config.appUrl }) });
  };
  /** Closes the SMTP connections, once the job queue has stopped (a delivery in progress finishes). */
  const close = transport && (async () => transport.close());
  return { mailer, close, routes };
}
