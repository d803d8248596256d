import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { apiUrl } from '../../../lib/api-client';
import { adminPageQueryOptions, adminQueryOptions, useAdminMutation } from './admin-query';

export const useStudentPage = (page: number, search: Record<string, string>) =>
  useQuery(adminPageQueryOptions('adminStudents', page, search));
export const useAdminSearch = (q: string) =>
  useQuery({ ...adminQueryOptions('adminSearch', undefined, { q }), enabled: q !== '' });
export const useAdminPage = (page: number) => useQuery(adminPageQueryOptions('adminAdmins', page));
export const useStudent = (id: string) => useQuery(adminQueryOptions('adminStudent', id));
export const useCreateAdmin = () => useAdminMutation('adminAdminCreate');
export const useAdmin = (id: string) => useQuery(adminQueryOptions('adminAdmin', id));
export const useUpdateAdmin = (id: string) => useAdminMutation('adminAdminUpdate', id);
export const useRemoveAdmin = (id: number) => useAdminMutation('adminAdminRemove', id);
export const useDisableAccount = (id: number) => useAdminMutation('adminAccountDisable', id);
export const useEnableAccount = (id: number) => useAdminMutation('adminAccountEnable', id);
export const studentsCsvUrl = (search: Record<string, string>) =>
  apiUrl(ENDPOINTS.adminStudentsCsv.path, search);
/**
 * Removes one booking of a learner, whatever the window, with its credits given back or (with a reason)
 * kept; the seat goes to the class's waitlist.
 */
export const useRemoveBooking = (id: number) => useAdminMutation('adminBookingCancel', id);
/** Gives back the credits of a late cancel or a no-show, once, with the reason. */
export const useWaiveBooking = (id: number) => useAdminMutation('adminBookingWaive', id);
