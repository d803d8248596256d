import { Center, Loader } from '@mantine/core';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ROUTES } from '../config/routes';
import { needBundle, useT } from '../lib/i18n';
import { PublicLayout } from './layouts/public-layout';
import { RequireRole } from './layouts/require-role';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './routes/not-found';
import { RouteErrorPage } from './routes/route-error';

/**
 * A route `lazy` that loads one named component export: every page is its own chunk. A page that shows
 * data as soon as it is drawn names the export that starts fetching it, run as the route's loader: the
 * requests leave while the page renders instead of after its first paint, and the loader does
 * not wait for them.
 */
const lazyPage =
  <K extends string, L extends string = never>(
    load: () => Promise<Record<K, ComponentType> & Partial<Record<NoInfer<L>, () => void>>>,
    name: K,
    startLoading?: L,
    // The signed-in learner's words come with their screens, downloaded beside their code.
    words?: 'learner',
  ) =>
  async () => {
    const [module] = await Promise.all([load(), words ? needBundle(words) : undefined]);
    const start = startLoading === undefined ? undefined : module[startLoading];
    if (!start) return { Component: module[name] };
    const loader = () => {
      start();
      return null;
    };
    return { Component: module[name], loader };
  };

const userPages = () => import('../features/user/components/user-pages');
const settingsPage = lazyPage(
  () => import('../features/settings/components/settings-page'),
  'SettingsPage',
  undefined,
  'learner',
);

// SPEC.md section 2, public routes. The paths come from ROUTES (the SPEC.md route names).
const publicRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('./routes/home'), 'HomeRoute', 'startLoadingHome') },
  {
    path: ROUTES.membership,
    lazy: lazyPage(
      () => import('../features/membership/components/membership-page'),
      'MembershipPage',
      'startLoadingMembershipPage',
    ),
  },
  {
    path: ROUTES.SignupForm,
    lazy: lazyPage(() => import('../features/auth/components/signup-page'), 'SignupPage'),
  },
  {
    path: ROUTES.LoginForm,
    lazy: lazyPage(() => import('../features/auth/components/login-page'), 'LoginPage'),
  },
  {
    path: ROUTES.AdminLogin,
    lazy: lazyPage(() => import('../features/auth/components/admin-login-page'), 'AdminLoginPage'),
  },
  {
    path: ROUTES.forgotPassword,
    lazy: lazyPage(() => import('../features/auth/components/forgot-password-page'), 'ForgotPasswordPage'),
  },
  {
    path: ROUTES.resetPassword,
    lazy: lazyPage(() => import('../features/auth/components/reset-password-page'), 'ResetPasswordPage'),
  },
  {
    path: ROUTES.unsubscribe,
    lazy: lazyPage(() => import('../features/settings/components/unsubscribe-page'), 'UnsubscribePage'),
  },
  {
    path: ROUTES.verifyEmail,
    lazy: lazyPage(() => import('../features/auth/components/verify-email-page'), 'VerifyEmailPage'),
  },
  {
    path: ROUTES.aboutUs,
    lazy: lazyPage(() => import('../features/marketing/components/site-page'), 'AboutPage'),
  },
  {
    path: ROUTES.sitePage(':slug'),
    lazy: lazyPage(() => import('../features/marketing/components/site-page'), 'SitePage'),
  },
  {
    path: ROUTES.blogs,
    lazy: lazyPage(() => import('../features/marketing/components/blog-page'), 'BlogPage'),
  },
  {
    path: ROUTES.blogPost(':slug'),
    lazy: lazyPage(() => import('../features/marketing/components/blog-post-page'), 'BlogPostPage'),
  },
  {
    path: ROUTES.classPage(':id'),
    lazy: lazyPage(() => import('../features/timetable/components/class-page'), 'ClassPage'),
  },
  {
    path: ROUTES.placementTest,
    lazy: lazyPage(() => import('../features/levels/components/placement-page'), 'PlacementPage'),
  },
  {
    path: ROUTES.timetable,
    lazy: lazyPage(() => import('../features/timetable/components/timetable-page'), 'TimetablePage'),
  },
  {
    path: ROUTES.payment,
    lazy: lazyPage(() => import('./routes/payment'), 'PaymentRoute', 'startLoadingPayment'),
  },
  {
    path: ROUTES.selectPayment(':id'),
    lazy: lazyPage(() => import('./routes/select-payment'), 'SelectPaymentRoute', undefined, 'learner'),
  },
  {
    path: ROUTES.sponsorLink(':urlName'),
    lazy: lazyPage(() => import('../features/referrals/components/sponsor-link-page'), 'SponsorLinkPage'),
  },
  {
    path: ROUTES.giftLink(':code'),
    lazy: lazyPage(
      () => import('../features/gifts/components/gift-link-page'),
      'GiftLinkPage',
      undefined,
      'learner',
    ),
  },
  {
    path: ROUTES.verifyCertificate(':code'),
    lazy: lazyPage(
      () => import('../features/progress/components/verify-certificate-page'),
      'VerifyCertificatePage',
    ),
  },
  { path: '*', element: <NotFoundPage /> },
];

// SPEC.md section 2, admin routes (all behind login and role admin); one lazy chunk per screen.
const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={ROUTES.adminDashboard} replace /> },
  {
    path: ROUTES.adminOutbox,
    lazy: lazyPage(() => import('../features/admin/components/outbox-list-page'), 'AdminOutboxListPage'),
  },
  {
    path: ROUTES.adminMessages,
    lazy: lazyPage(
      () => import('../features/admin/components/contact-messages-page'),
      'AdminContactMessagesPage',
    ),
  },
  {
    path: ROUTES.adminOutboxMail(':id'),
    lazy: lazyPage(() => import('../features/admin/components/outbox-mail-page'), 'AdminOutboxMailPage'),
  },
  {
    path: ROUTES.adminDashboard,
    lazy: lazyPage(() => import('../features/admin/components/dashboard-page'), 'AdminDashboardPage'),
  },
  {
    path: ROUTES.adminClass,
    lazy: lazyPage(() => import('../features/admin/components/class-list-page'), 'AdminClassListPage'),
  },
  {
    path: ROUTES.adminClassAdd,
    lazy: lazyPage(() => import('../features/admin/components/class-add-page'), 'AdminClassAddPage'),
  },
  {
    path: ROUTES.adminClassEdit(':id'),
    lazy: lazyPage(() => import('../features/admin/components/class-edit-page'), 'AdminClassEditPage'),
  },
  {
    path: ROUTES.adminScheduleAdd,
    lazy: lazyPage(() => import('../features/admin/components/schedule-add-page'), 'AdminScheduleAddPage'),
  },
  {
    path: ROUTES.adminScheduleList,
    lazy: lazyPage(() => import('../features/admin/components/schedule-list-page'), 'AdminScheduleListPage'),
  },
  {
    path: ROUTES.adminScheduleEdit(':id'),
    lazy: lazyPage(() => import('../features/admin/components/schedule-edit-page'), 'AdminScheduleEditPage'),
  },
  {
    path: ROUTES.adminScheduleView(':id'),
    lazy: lazyPage(() => import('../features/admin/components/schedule-view-page'), 'AdminScheduleViewPage'),
  },
  {
    path: ROUTES.adminStudentsList,
    lazy: lazyPage(() => import('../features/admin/components/students-list-page'), 'AdminStudentsListPage'),
  },
  {
    path: ROUTES.adminStudent(':id'),
    lazy: lazyPage(() => import('../features/admin/components/student-detail-page'), 'AdminStudentPage'),
  },
  {
    path: ROUTES.adminUserList,
    lazy: lazyPage(() => import('../features/admin/components/admins-list-page'), 'AdminUserListPage'),
  },
  {
    path: ROUTES.adminUserAdd,
    lazy: lazyPage(() => import('../features/admin/components/admin-add-page'), 'AdminUserAddPage'),
  },
  {
    path: ROUTES.adminAuditLog,
    lazy: lazyPage(() => import('../features/admin/components/audit-log-page'), 'AdminAuditLogPage'),
  },
  {
    path: ROUTES.adminSubscriptions,
    lazy: lazyPage(() => import('../features/admin/components/subscriptions-page'), 'AdminSubscriptionsPage'),
  },
  {
    path: ROUTES.adminSearch,
    lazy: lazyPage(() => import('../features/admin/components/search-page'), 'AdminSearchPage'),
  },
  {
    path: ROUTES.adminUserEdit(':id'),
    lazy: lazyPage(() => import('../features/admin/components/admin-edit-page'), 'AdminUserEditPage'),
  },
  {
    path: ROUTES.adminTeacherList,
    lazy: lazyPage(() => import('../features/admin/components/teachers-list-page'), 'AdminTeacherListPage'),
  },
  {
    path: ROUTES.adminTeacherAdd,
    lazy: lazyPage(() => import('../features/admin/components/teacher-add-page'), 'AdminTeacherAddPage'),
  },
  {
    path: ROUTES.adminTeacherEdit(':id'),
    lazy: lazyPage(() => import('../features/admin/components/teacher-edit-page'), 'AdminTeacherEditPage'),
  },
  {
    path: ROUTES.adminSite,
    lazy: lazyPage(() => import('../features/admin/components/site/site-page'), 'AdminSitePage'),
  },
  {
    path: ROUTES.adminSitePageAdd,
    lazy: lazyPage(() => import('../features/admin/components/site/site-page-edit'), 'AdminSitePageAddPage'),
  },
  {
    path: ROUTES.adminSitePageEdit(':id'),
    lazy: lazyPage(() => import('../features/admin/components/site/site-page-edit'), 'AdminSitePageEditPage'),
  },
  {
    path: ROUTES.adminSitePostAdd,
    lazy: lazyPage(() => import('../features/admin/components/site/blog-post-edit'), 'AdminBlogPostAddPage'),
  },
  {
    path: ROUTES.adminSitePostEdit(':id'),
    lazy: lazyPage(() => import('../features/admin/components/site/blog-post-edit'), 'AdminBlogPostEditPage'),
  },
  {
    path: ROUTES.adminTokenList,
    lazy: lazyPage(() => import('../features/admin/components/token-list-page'), 'AdminTokenListPage'),
  },
  {
    path: ROUTES.adminTokenAdd,
    lazy: lazyPage(() => import('../features/admin/components/token-add-page'), 'AdminTokenAddPage'),
  },
  {
    path: ROUTES.adminTokenEdit(':id'),
    lazy: lazyPage(() => import('../features/admin/components/token-edit-page'), 'AdminTokenEditPage'),
  },
  {
    path: ROUTES.adminPromoCodes,
    lazy: lazyPage(() => import('../features/admin/components/promo-code-pages'), 'AdminPromoCodeListPage'),
  },
  {
    path: ROUTES.adminPromoCodeAdd,
    lazy: lazyPage(() => import('../features/admin/components/promo-code-pages'), 'AdminPromoCodeAddPage'),
  },
  {
    path: ROUTES.adminPromoCodeEdit(':id'),
    lazy: lazyPage(() => import('../features/admin/components/promo-code-pages'), 'AdminPromoCodeEditPage'),
  },
  {
    path: ROUTES.adminReferrals,
    lazy: lazyPage(() => import('../features/admin/components/referrals-page'), 'AdminReferralsPage'),
  },
  {
    path: ROUTES.adminPlacementItems,
    lazy: lazyPage(
      () => import('../features/admin/components/placement-items-page'),
      'AdminPlacementItemsPage',
    ),
  },
  {
    path: ROUTES.adminSettings,
    lazy: lazyPage(() => import('./routes/admin-settings'), 'AdminSettingsRoute', undefined, 'learner'),
  },
  {
    path: ROUTES.adminPaymentList,
    lazy: lazyPage(() => import('../features/admin/components/payment-list-page'), 'AdminPaymentListPage'),
  },
  {
    path: ROUTES.adminInvoice(':id'),
    lazy: lazyPage(() => import('../features/payments/components/invoice-page'), 'AdminInvoicePage'),
  },
  { path: '*', element: <NotFoundPage /> },
];

// SPEC.md section 2, user routes (all behind login and role user).
const userRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={ROUTES.userDashboard} replace /> },
  { path: ROUTES.userDashboard, lazy: lazyPage(userPages, 'UserDashboardPage') },
  { path: ROUTES.userScheduleList, lazy: lazyPage(userPages, 'UserScheduleListPage') },
  {
    path: ROUTES.userPaymenyList,
    lazy: lazyPage(
      () => import('../features/payments/components/user-payment-list-page'),
      'UserPaymentListPage',
    ),
  },
  {
    path: ROUTES.userPaymentReceipt(':id'),
    lazy: lazyPage(
      () => import('../features/payments/components/payment-receipt-page'),
      'PaymentReceiptPage',
    ),
  },
  {
    path: ROUTES.userInvoice(':id'),
    lazy: lazyPage(() => import('../features/payments/components/invoice-page'), 'InvoicePage'),
  },
  {
    path: ROUTES.userTokenList,
    lazy: lazyPage(() => import('../features/credits/components/credits-page'), 'CreditsPage'),
  },
  {
    path: ROUTES.userInviteFriends,
    lazy: lazyPage(() => import('../features/referrals/components/invite-friends-page'), 'InviteFriendsPage'),
  },
  {
    path: ROUTES.userProgress,
    lazy: lazyPage(() => import('../features/progress/components/progress-page'), 'ProgressPage'),
  },
  {
    path: ROUTES.userHomework,
    lazy: lazyPage(() => import('../features/homework/components/homework-page'), 'HomeworkPage'),
  },
  {
    path: ROUTES.userGifts,
    lazy: lazyPage(() => import('../features/gifts/components/gifts-page'), 'GiftsPage'),
  },
  { path: ROUTES.userSettings, lazy: settingsPage },
  { path: '*', element: <NotFoundPage /> },
];

// A teacher's own pages (behind login and role teacher).
const teacherPages = () => import('../features/teacher/components/teacher-pages');
const teacherRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={ROUTES.teacherDashboard} replace /> },
  { path: ROUTES.teacherDashboard, lazy: lazyPage(teacherPages, 'TeacherDashboardPage') },
  { path: ROUTES.teacherClass(':id'), lazy: lazyPage(teacherPages, 'TeacherClassPage') },
  { path: ROUTES.teacherSettings, lazy: settingsPage },
  { path: '*', element: <NotFoundPage /> },
];

/** What shows while the first route's code arrives, named in the page's language. */
function FirstLoad() {
  const t = useT();
  return (
    <Center mih="100dvh">
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage standalone />,
    hydrateFallbackElement: <FirstLoad />,
    children: [
      // Any path outside /admin and /user: the public header and footer, no dashboard layout.
      { element: <PublicLayout />, children: [{ errorElement: <RouteErrorPage />, children: publicRoutes }] },
      {
        path: ROUTES.admin,
        element: <RequireRole allow="admin" />,
        children: [
          {
            // The learner's words too: the admin's learner page shows their credits as the learner reads them.
            lazy: lazyPage(() => import('./layouts/admin-layout'), 'AdminLayout', undefined, 'learner'),
            children: [{ errorElement: <RouteErrorPage />, children: adminRoutes }],
          },
        ],
      },
      {
        path: ROUTES.teacher,
        element: <RequireRole allow="teacher" />,
        children: [
          {
            lazy: lazyPage(() => import('./layouts/teacher-layout'), 'TeacherLayout'),
            children: [{ errorElement: <RouteErrorPage />, children: teacherRoutes }],
          },
        ],
      },
      {
        path: ROUTES.user,
        element: <RequireRole allow="user" />,
        children: [
          {
            lazy: lazyPage(() => import('./layouts/user-layout'), 'UserLayout', undefined, 'learner'),
            children: [{ errorElement: <RouteErrorPage />, children: userRoutes }],
          },
        ],
      },
    ],
  },
];

/** Called once by main.tsx; tests import `routes` without touching the browser history. */
export const createRouter = () => createBrowserRouter(routes);
