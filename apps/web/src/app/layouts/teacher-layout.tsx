import { IconDashboard, IconSettings } from '../../components/ui/icons';
import { ROUTES } from '../../config/routes';
import { DashboardShell, type NavItem } from './dashboard-shell';

// A teacher's own pages.
const TEACHER_NAV: NavItem[] = [
  { label: 'My classes', icon: IconDashboard, to: ROUTES.teacherDashboard },
  { label: 'Settings', icon: IconSettings, to: ROUTES.teacherSettings },
];

export function TeacherLayout() {
  return (
    <DashboardShell
      area="Teacher"
      roleLabel="Teacher"
      items={TEACHER_NAV}
      homePath={ROUTES.teacherDashboard}
      profilePath={ROUTES.teacherSettings}
      logoutRedirect={ROUTES.LoginForm}
    />
  );
}
