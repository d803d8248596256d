import {
  IconCalendar,
  IconClock,
  IconCoins,
  IconCreditCard,
  IconDashboard,
  IconSettings,
} from '../../components/ui/icons';
import { ROUTES } from '../../config/routes';
import { EmailVerificationBanner } from '../../features/user/components/email-verification-banner';
import { DashboardShell, type NavItem } from './dashboard-shell';

// SPEC.md section 2, user sidebar. SPEC.md's Settings entry has no link (a defect): here it has one.
const USER_NAV: NavItem[] = [
  { label: 'Dashboard', icon: IconDashboard, to: ROUTES.userDashboard },
  { label: 'Booking & Classes', icon: IconCalendar, to: ROUTES.userScheduleList },
  { label: 'Timetable', icon: IconClock, to: ROUTES.timetable },
  // Issue 18: the learner's credits, lot by lot; not in SPEC.md's sidebar, whose list-token route had no entry.
  { label: 'My credits', icon: IconCoins, to: ROUTES.userTokenList },
  { label: 'Payments', icon: IconCreditCard, to: ROUTES.userPaymenyList },
  { label: 'Settings', icon: IconSettings, to: ROUTES.userSettings },
];

/** SPEC.md: the user layout applies to paths starting with /user. */
export function UserLayout() {
  return (
    <DashboardShell
      area="Learner"
      roleLabel="Learner"
      items={USER_NAV}
      homePath={ROUTES.userDashboard}
      profilePath={ROUTES.userSettings}
      logoutRedirect={ROUTES.LoginForm}
      banner={<EmailVerificationBanner />}
    />
  );
}
