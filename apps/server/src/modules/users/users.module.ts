import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { ResponseCache } from '../../plugins/response-cache';
import type { TeachersService } from '../teachers/teachers-service';
import { usersRoutes } from './users.routes';
import { createUsersService } from './users-service';

/** The admins' learner list (and its CSV), and the accounts of learners and administrators. */
export function usersModule(
  db: Database,
  {
    clock,
    teachers,
    cached,
  }: { clock: Clock; teachers: Pick<TeachersService, 'countsOf' | 'historyOf'>; cached: ResponseCache },
) {
  const users = createUsersService(db, { clock, teachers, memo: cached.memoFor('adminStudents') });
  const routes: ModuleRoutes = async (api) => {
    await api.register(usersRoutes, { users, cached });
  };
  return { routes };
}
