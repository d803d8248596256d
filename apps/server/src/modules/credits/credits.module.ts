import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createCreditsService } from './credit-service';
import { creditsRoutes } from './credits.routes';

/** A learner's credits and their history; the admins' view and adjustments. */
export function creditsModule(db: Database, { clock }: { clock: Clock }) {
  const credits = createCreditsService(db, { clock });
  const routes: ModuleRoutes = async (api) => {
    await api.register(creditsRoutes, { credits });
  };
  return { routes };
}
