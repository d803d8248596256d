import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import { coursesRoutes } from './courses.routes';
import { createCoursesService } from './courses-service';

/** The class types. */
export function coursesModule(db: Database) {
  const courses = createCoursesService(db);
  const routes: ModuleRoutes = async (api) => {
    await api.register(coursesRoutes, { courses });
  };
  return { routes };
}
