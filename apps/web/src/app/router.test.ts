import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../config/routes';
import { completeRoutes } from './router';

const routes = await completeRoutes();

const leafPath = (pathname: string) => {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.at(-1)?.route.path;
};

describe('route table (SPEC.md section 2)', () => {
  it('has a route for every named screen', () => {
    const cases: [string, string][] = [
      [ROUTES.home, '/'],
      [ROUTES.membership, '/membership'],
      [ROUTES.SignupForm, '/signup'],
      [ROUTES.LoginForm, '/login'],
      [ROUTES.aboutUs, '/about-us'],
      [ROUTES.blogs, '/blogs'],
      [ROUTES.blogPost('five-phrases'), '/blogs/:slug'],
      [ROUTES.sitePage('terms'), '/pages/:slug'],
      [ROUTES.adminSite, '/admin/site'],
      [ROUTES.adminSitePageAdd, '/admin/site/pages/add'],
      [ROUTES.adminSitePageEdit(2), '/admin/site/pages/:id'],
      [ROUTES.adminSitePostAdd, '/admin/site/posts/add'],
      [ROUTES.adminSitePostEdit(2), '/admin/site/posts/:id'],
      [ROUTES.AdminLogin, '/admin-login'],
      [ROUTES.payment, '/payment'],
      [ROUTES.selectPayment(4), '/select-payment/:id'],
      [ROUTES.adminDashboard, '/admin/dashboard'],
      [ROUTES.adminClass, '/admin/class'],
      [ROUTES.adminClassEdit(3), '/admin/class/:id'],
      [ROUTES.adminClassAdd, '/admin/class/add'],
      [ROUTES.adminScheduleAdd, '/admin/add-schedule'],
      [ROUTES.adminScheduleList, '/admin/list-schedule'],
      [ROUTES.adminScheduleEdit(9), '/admin/edit-schedule/:id'],
      [ROUTES.adminScheduleView(9), '/admin/schedule/:id'],
      [ROUTES.adminStudentsList, '/admin/list-students'],
      [ROUTES.adminUserList, '/admin/list-admin'],
      [ROUTES.adminTokenList, '/admin/list-token'],
      [ROUTES.adminTokenEdit(2), '/admin/edit-token/:id'],
      [ROUTES.adminSettings, '/admin/settings'],
      [ROUTES.adminPaymentList, '/admin/payment-list'],
      [ROUTES.userDashboard, '/user/dashboard'],
      [ROUTES.userScheduleList, '/user/list-schedule'],
      [ROUTES.userPaymenyList, '/user/payment-list'],
      [ROUTES.userTokenList, '/user/list-token'],
      [ROUTES.userSettings, '/user/settings'],
      [ROUTES.teacherDashboard, '/teacher/dashboard'],
      [ROUTES.teacherClass(3), '/teacher/class/:id'],
      [ROUTES.teacherSettings, '/teacher/settings'],
      [ROUTES.adminTeacherList, '/admin/teachers'],
      [ROUTES.adminTeacherAdd, '/admin/teachers/add'],
      [ROUTES.adminTeacherEdit(3), '/admin/teachers/:id'],
    ];
    for (const [pathname, pattern] of cases) {
      if (pattern === '/') expect(matchRoutes(routes, pathname)?.at(-1)?.route.index).toBe(true);
      else expect(leafPath(pathname), pathname).toBe(pattern);
    }
  });

  it('sends unknown paths to the 404 page', () => {
    expect(leafPath('/no-such-page')).toBe('*');
    expect(leafPath('/admin/no-such-page')).toBe('*');
  });
});
