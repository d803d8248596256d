import {
  IconBook,
  IconCalendar,
  IconChat,
  IconClock,
  IconCoins,
  IconCreditCard,
  IconDashboard,
  IconGlobe,
  IconMail,
  IconSettings,
  IconUsers,
} from '../../components/ui/icons';
import { ROUTES } from '../../config/routes';
import { DashboardShell, type NavItem } from './dashboard-shell';

// SPEC.md section 2, admin sidebar.
const ADMIN_NAV: NavItem[] = [
  { label: 'Dashboard', icon: IconDashboard, to: ROUTES.adminDashboard },
  { label: 'Token Management', icon: IconCoins, to: ROUTES.adminTokenList },
  { label: 'Promo Codes', icon: IconCreditCard, to: ROUTES.adminPromoCodes },
  {
    label: 'Users',
    icon: IconUsers,
    children: [
      { label: 'Students', to: ROUTES.adminStudentsList },
      { label: 'Admins', to: ROUTES.adminUserList },
      { label: 'Teachers', to: ROUTES.adminTeacherList },
      { label: 'Referrals', to: ROUTES.adminReferrals },
    ],
  },
  {
    label: 'Booking & Classes',
    icon: IconCalendar,
    children: [
      { label: 'Type', to: ROUTES.adminClass },
      { label: 'Schedule Class List', to: ROUTES.adminScheduleList },
      { label: 'Placement items', to: ROUTES.adminPlacementItems },
    ],
  },
  { label: 'Payment', icon: IconCreditCard, to: ROUTES.adminPaymentList },
  { label: 'Subscriptions', icon: IconClock, to: ROUTES.adminSubscriptions },
  { label: 'Site', icon: IconGlobe, to: ROUTES.adminSite },
  { label: 'Messages', icon: IconChat, to: ROUTES.adminMessages },
  { label: 'Outbox', icon: IconMail, to: ROUTES.adminOutbox },
  { label: 'Audit log', icon: IconBook, to: ROUTES.adminAuditLog },
  { label: 'Settings', icon: IconSettings, to: ROUTES.adminSettings },
];

/**
 * SPEC.md: the admin layout shows only for a logged-in admin on an /admin path. The router mounts it only
 * under /admin, behind RequireRole('admin'), which is exactly that rule.
 */
export function AdminLayout() {
  return (
    <DashboardShell
      area="Admin"
      roleLabel="Admin"
      items={ADMIN_NAV}
      homePath={ROUTES.adminDashboard}
      profilePath={ROUTES.adminSettings}
      logoutRedirect={ROUTES.AdminLogin}
      searchPath={ROUTES.adminSearch}
    />
  );
}
