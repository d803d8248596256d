import { useQuery } from '@tanstack/react-query';
import type { User } from '@tokenly/contract/auth';
import type { AdminCreateBody, StudentDetails } from '@tokenly/contract/users';
import { adminPageQueryOptions, adminQueryOptions, useAdminMutation } from './admin-query';

export const useStudentPage = (page: number) => useQuery(adminPageQueryOptions<User>('adminStudents', page));
export const useAdminPage = (page: number) => useQuery(adminPageQueryOptions<User>('adminAdmins', page));
export const useStudent = (id: string) => useQuery(adminQueryOptions<StudentDetails>('adminStudent', id));
export const useCreateAdmin = () => useAdminMutation<AdminCreateBody, User>('adminAdminCreate');
