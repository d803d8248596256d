import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import { progressRoutes } from './progress.routes';
import { createProgressService } from './progress-service';

/** A learner's progress: teachers' notes after a class, hours attended, certificates of attendance. */
export function progressModule(db: Database, options: Parameters<typeof createProgressService>[1]) {
  const progress = createProgressService(db, options);
  const routes: ModuleRoutes = async (api) => {
    await api.register(progressRoutes, { progress });
  };
  return { routes };
}
