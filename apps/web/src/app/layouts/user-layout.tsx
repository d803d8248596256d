import {
  IconBook,
  IconCalendar,
  IconChart,
  IconClock,
  IconCoins,
  IconCreditCard,
  IconDashboard,
  IconMail,
  IconSettings,
  IconUsers,
} from '../../components/ui/icons';
import { ROUTES } from '../../config/routes';
import { EmailVerificationBanner } from '../../features/user/components/email-verification-banner';
import { useT } from '../../lib/i18n';
import { DashboardShell, type NavItem } from './dashboard-shell';

// SPEC.md section 2, user sidebar. SPEC.md's Settings entry has no link (a defect): here it has one.
const USER_NAV = [
  { label: 'common.nav.dashboard', icon: IconDashboard, to: ROUTES.userDashboard },
  { label: 'learner.nav.bookings', icon: IconCalendar, to: ROUTES.userScheduleList },
  { label: 'common.nav.timetable', icon: IconClock, to: ROUTES.timetable },
  // Hours attended, level, teachers' notes and certificates.
  { label: 'learner.progress.title', icon: IconChart, to: ROUTES.userProgress },
  { label: 'learner.homework.title', icon: IconBook, to: ROUTES.userHomework },
  // The learner's credits, lot by lot; not in SPEC.md's sidebar, whose list-token route had no entry.
  { label: 'credits.title', icon: IconCoins, to: ROUTES.userTokenList },
  { label: 'learner.nav.payments', icon: IconCreditCard, to: ROUTES.userPaymenyList },
  // The learner's sponsor link and the friends it brought.
  { label: 'learner.invite.title', icon: IconUsers, to: ROUTES.userInviteFriends },
  // Redeeming a gift's code, and the gifts the learner bought (mailed to their recipients).
  { label: 'payments.gifts.title', icon: IconMail, to: ROUTES.userGifts },
  { label: 'settings.title', icon: IconSettings, to: ROUTES.userSettings },
] as const;

/** SPEC.md: the user layout applies to paths starting with /user. */
export function UserLayout() {
  const t = useT();
  const items: NavItem[] = USER_NAV.map((item) => ({ ...item, label: t(item.label) }));
  const role = t('learner.layout.role');
  return (
    <DashboardShell
      area={role}
      roleLabel={role}
      items={items}
      homePath={ROUTES.userDashboard}
      profilePath={ROUTES.userSettings}
      logoutRedirect={ROUTES.LoginForm}
      banner={<EmailVerificationBanner />}
    />
  );
}
