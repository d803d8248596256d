import { Navigate, type RouteObject } from 'react-router';
import { ROUTES } from '../config/routes';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './routes/not-found';

// SPEC.md section 2, admin routes (all behind login and role admin); one lazy chunk per screen.
export const adminRoutes: RouteObject[] = [
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
