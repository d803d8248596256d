import type { Role } from '@tokenly/contract/auth';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ROUTES } from '../../config/routes';
import { type FromState, homeFor } from '../../lib/redirect';
import { useSession } from '../../lib/session';

// Teachers sign in where learners do.
const LOGIN_FOR: Record<Role, string> = {
  admin: ROUTES.AdminLogin,
  user: ROUTES.LoginForm,
  teacher: ROUTES.LoginForm,
};

/**
 * Client-side guard of SPEC.md section 6 (convenience only: the server enforces roles, DESIGN.md 6).
 * Logged-out visitors go to the matching login page, which sends them back here afterwards; a signed-in
 * person of the other role goes to their own dashboard. It re-renders when the session store changes,
 * so a 401 anywhere (expired cookie) lands on the login page.
 */
export function RequireRole({ allow: role }: { allow: Role }) {
  const session = useSession();
  const location = useLocation();

  if (!session.isLoggedIn || !session.userRole) {
    const state: FromState = { from: location.pathname + location.search + location.hash };
    return <Navigate to={LOGIN_FOR[role]} replace state={state} />;
  }
  if (session.userRole !== role) return <Navigate to={homeFor(session.userRole)} replace />;
  return <Outlet />;
}
