import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../mail/mailer';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { clubPassRoutes } from './club-pass.routes';
import { createClubPassMails } from './club-pass-mails';
import { createClubPassService } from './club-pass-service';

/** The Conversation Club pass: the learner's view, the admins' history, grants and ends. */
export function clubPassModule(
  db: Database,
  options: { clock: Clock; settings: SchoolSettingsSource; mailer: Mailer; appUrl: string },
) {
  const { clock, settings, mailer, appUrl } = options;
  const clubPass = createClubPassService(db, {
    clock,
    settings,
    mails: createClubPassMails(mailer, { appUrl, settings }),
  });
  const routes: ModuleRoutes = async (api) => {
    await api.register(clubPassRoutes, { clubPass });
  };
  return { routes, service: clubPass };
}
