import { Center, Loader } from '@mantine/core';
import {
  createBrowserRouter,
  Navigate,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { ROUTES } from '../config/routes';
import { useT } from '../lib/i18n';
import { PublicLayout } from './layouts/public-layout';
import { RequireRole } from './layouts/require-role';
import { RootLayout } from './layouts/root-layout';
import { lazyPage, settingsPage } from './lazy-page';
import { NotFoundPage } from './routes/not-found';
import { RouteErrorPage } from './routes/route-error';

const userPages = () => import('../features/user/components/user-pages');

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

/** What shows while the first route's code arrives, named in the page's language. */
function FirstLoad() {
  const t = useT();
  return (
    <Center mih="100dvh">
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

/**
 * The administrator's and the teacher's screens, each area's list of routes loaded when a path in it is
 * first opened (React Router's patchRoutesOnNavigation): a visitor's or a learner's first download does
 * not carry them.
 */
const AREAS = [
  {
    id: 'admin-pages',
    prefix: ROUTES.admin,
    load: () => import('./admin-routes').then((m) => m.adminRoutes),
  },
  {
    id: 'teacher-pages',
    prefix: ROUTES.teacher,
    load: () => import('./teacher-routes').then((m) => m.teacherRoutes),
  },
] as const;
type AreaId = (typeof AREAS)[number]['id'];

function routeTable(areas: Partial<Record<AreaId, RouteObject[]>>): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage standalone />,
      hydrateFallbackElement: <FirstLoad />,
      children: [
        // Any path outside /admin and /user: the public header and footer, no dashboard layout.
        {
          element: <PublicLayout />,
          children: [{ errorElement: <RouteErrorPage />, children: publicRoutes }],
        },
        {
          path: ROUTES.admin,
          element: <RequireRole allow="admin" />,
          children: [
            {
              // The learner's words too: the admin's learner page shows their credits as the learner reads them.
              lazy: lazyPage(() => import('./layouts/admin-layout'), 'AdminLayout', undefined, 'learner'),
              children: [
                { id: 'admin-pages', errorElement: <RouteErrorPage />, children: areas['admin-pages'] ?? [] },
              ],
            },
          ],
        },
        {
          path: ROUTES.teacher,
          element: <RequireRole allow="teacher" />,
          children: [
            {
              lazy: lazyPage(() => import('./layouts/teacher-layout'), 'TeacherLayout'),
              children: [
                {
                  id: 'teacher-pages',
                  errorElement: <RouteErrorPage />,
                  children: areas['teacher-pages'] ?? [],
                },
              ],
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
}

/** The table a browser starts with: the areas' routes come on first use. */
export const routes = routeTable({});

/** The whole table, every area's routes in place (the route tests). */
export async function completeRoutes(): Promise<RouteObject[]> {
  return routeTable(
    Object.fromEntries(await Promise.all(AREAS.map(async (area) => [area.id, await area.load()]))),
  );
}

const patched = new Set<AreaId>();

/** Adds an area's routes the first time a path in it is opened (a link, an address typed, a reload). */
const patchAreaRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const area = AREAS.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
  if (!area || patched.has(area.id)) return;
  const children = await area.load();
  if (patched.has(area.id)) return;
  patched.add(area.id);
  patch(area.id, children);
};

/** Called once by main.tsx; tests import `routes` without touching the browser history. */
export const createRouter = () => createBrowserRouter(routes, { patchRoutesOnNavigation: patchAreaRoutes });
