import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import { levelsRoutes } from './levels.routes';
import { createLevelsService } from './levels-service';

/** Learners' CEFR levels and their history; the rule for classes outside a level lives in level-rule.ts. */
export function levelsModule(db: Database, options: Parameters<typeof createLevelsService>[1]) {
  const levels = createLevelsService(db, options);
  const routes: ModuleRoutes = async (api) => {
    await api.register(levelsRoutes, { levels });
  };
  return { service: levels, routes };
}
