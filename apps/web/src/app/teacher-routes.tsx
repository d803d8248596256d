import { Navigate, type RouteObject } from 'react-router';
import { ROUTES } from '../config/routes';
import { lazyPage, settingsPage } from './lazy-page';
import { NotFoundPage } from './routes/not-found';

// A teacher's own pages (behind login and role teacher).
const teacherPages = () => import('../features/teacher/components/teacher-pages');
export const teacherRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={ROUTES.teacherDashboard} replace /> },
  { path: ROUTES.teacherDashboard, lazy: lazyPage(teacherPages, 'TeacherDashboardPage') },
  { path: ROUTES.teacherClass(':id'), lazy: lazyPage(teacherPages, 'TeacherClassPage') },
  { path: ROUTES.teacherSettings, lazy: settingsPage },
  { path: '*', element: <NotFoundPage /> },
];
