import { useQuery } from '@tanstack/react-query';
import type { User } from '@tokenly/contract/auth';
import type { UserBooking, WaiveBody } from '@tokenly/contract/bookings';
import type { BookingRemoveInput } from '@tokenly/contract/class-roster';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type {
  AdminCreateBody,
  AdminSearchResult,
  AdminUpdateBody,
  StudentDetails,
  StudentRow,
} from '@tokenly/contract/users';
import { apiUrl } from '../../../lib/api-client';
import { adminPageQueryOptions, adminQueryOptions, useAdminMutation } from './admin-query';

export const useStudentPage = (page: number, search: Record<string, string>) =>
  useQuery(adminPageQueryOptions<StudentRow>('adminStudents', page, search));
export const useAdminSearch = (q: string) =>
  useQuery({ ...adminQueryOptions<AdminSearchResult>('adminSearch', undefined, { q }), enabled: q !== '' });
export const useAdminPage = (page: number) => useQuery(adminPageQueryOptions<User>('adminAdmins', page));
export const useStudent = (id: string) => useQuery(adminQueryOptions<StudentDetails>('adminStudent', id));
export const useCreateAdmin = () => useAdminMutation<AdminCreateBody, User>('adminAdminCreate');
export const useAdmin = (id: string) => useQuery(adminQueryOptions<User>('adminAdmin', id));
export const useUpdateAdmin = (id: string) => useAdminMutation<AdminUpdateBody, User>('adminAdminUpdate', id);
export const useRemoveAdmin = (id: number) => useAdminMutation<object, User>('adminAdminRemove', id);
export const useDisableAccount = (id: number) => useAdminMutation<object, User>('adminAccountDisable', id);
export const useEnableAccount = (id: number) => useAdminMutation<object, User>('adminAccountEnable', id);
export const studentsCsvUrl = (search: Record<string, string>) =>
  apiUrl(ENDPOINTS.adminStudentsCsv.path, search);
/**
 * Removes one booking of a learner, whatever the window, with its credits given back or (with a reason)
 * kept; the seat goes to the class's waitlist.
 */
export const useRemoveBooking = (id: number) =>
  useAdminMutation<BookingRemoveInput, UserBooking>('adminBookingCancel', id);
/** Gives back the credits of a late cancel or a no-show, once, with the reason. */
export const useWaiveBooking = (id: number) =>
  useAdminMutation<WaiveBody, { booking_id: number; credits: number; balance: number }>(
    'adminBookingWaive',
    id,
  );
