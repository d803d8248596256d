import { useQuery } from '@tanstack/react-query';
import type { User } from '@tokenly/contract/auth';
import type { UserBooking } from '@tokenly/contract/bookings';
import type { AdminCreateBody, StudentDetails } from '@tokenly/contract/users';
import { adminPageQueryOptions, adminQueryOptions, useAdminMutation } from './admin-query';

export const useStudentPage = (page: number) => useQuery(adminPageQueryOptions<User>('adminStudents', page));
export const useAdminPage = (page: number) => useQuery(adminPageQueryOptions<User>('adminAdmins', page));
export const useStudent = (id: string) => useQuery(adminQueryOptions<StudentDetails>('adminStudent', id));
export const useCreateAdmin = () => useAdminMutation<AdminCreateBody, User>('adminAdminCreate');
/** Removes one booking of a learner, whatever the window; the seat goes to the class's waitlist. */
export const useRemoveBooking = (id: number) =>
  useAdminMutation<Record<string, never>, UserBooking>('adminBookingCancel', id);
