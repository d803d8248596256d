import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { PasswordResetService } from '../auth/password-reset-service';
import { teachersRoutes } from './teachers.routes';
import { createTeachersService } from './teachers-service';

/** Teachers: their accounts, invitations, classes and attendance. */
export function teachersModule(
  db: Database,
  { clock, passwordReset }: { clock: Clock; passwordReset: Pick<PasswordResetService, 'invite'> },
) {
  const teachers = createTeachersService(db, { clock, passwordReset });
  const routes: ModuleRoutes = async (api) => {
    await api.register(teachersRoutes, { teachers });
  };
  return { service: teachers, routes };
}
