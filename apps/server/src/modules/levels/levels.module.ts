import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../mail/mailer';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { levelSuggestionsRoutes } from './level-suggestions.routes';
import { createLevelSuggestionsService } from './level-suggestions-service';
import { levelsRoutes } from './levels.routes';
import { createLevelsService } from './levels-service';

/**
 * Learners' CEFR levels and their history, and teachers' suggested levels waiting for the administrator;
 * the rule for classes outside a level lives in level-rule.ts.
 */
export function levelsModule(
  db: Database,
  options: { clock: Clock; mailer: Mailer; settings: SchoolSettingsSource; appUrl: string },
) {
  const levels = createLevelsService(db, options);
  const suggestions = createLevelSuggestionsService(db, { ...options, levels });
  const routes: ModuleRoutes = async (api) => {
    await api.register(levelsRoutes, { levels });
    await api.register(levelSuggestionsRoutes, { suggestions });
  };
  return { service: levels, routes };
}
