import type { Role } from '@tokenly/contract/auth';
import { ROUTES } from '../config/routes';

/** Where a guard was sent from; kept in router location state so login URLs stay clean. */
export type FromState = { from?: string };

export function readFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  return typeof state.from === 'string' ? state.from : undefined;
}

const HOME_FOR: Record<Role, string> = {
  admin: ROUTES.adminDashboard,
  user: ROUTES.userDashboard,
  teacher: ROUTES.teacherDashboard,
};
export const homeFor = (role: Role) => HOME_FOR[role];

/**
 * The page to open after a login: the protected page the visitor was heading to when it suits their
 * role, else their dashboard. Only same-site paths are honoured (no open redirect).
 */
export function afterLoginPath(role: Role, from: string | undefined): string {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return homeFor(role);
  const isAdminPath = from === ROUTES.admin || from.startsWith(`${ROUTES.admin}/`);
  const isUserPath = from === ROUTES.user || from.startsWith(`${ROUTES.user}/`);
  if (role === 'admin') return isAdminPath ? from : homeFor(role);
  if (role === 'teacher')
    return from === ROUTES.teacher || from.startsWith(`${ROUTES.teacher}/`) ? from : homeFor(role);
  if (isAdminPath) return homeFor(role);
  // A learner may come back to checkout or any learner page.
  return isUserPath || from.startsWith('/select-payment/') ? from : homeFor(role);
}
