import { useQuery } from '@tanstack/react-query';
import type { Teacher, TeacherBody, TeacherOption } from '@tokenly/contract/teachers';
import { adminPageQueryOptions, adminQueryOptions, useAdminMutation } from './admin-query';

export const useTeacherPage = (page: number) =>
  useQuery(adminPageQueryOptions<Teacher>('adminTeachers', page));
export const useTeacherOptions = () => useQuery(adminQueryOptions<TeacherOption[]>('adminTeachersList'));
export const useTeacher = (id: string) => useQuery(adminQueryOptions<Teacher>('adminTeacher', id));
export const useCreateTeacher = () => useAdminMutation<TeacherBody, Teacher>('adminTeacherCreate');
export const useUpdateTeacher = (id: string) =>
  useAdminMutation<TeacherBody, Teacher>('adminTeacherUpdate', id);
export const useInviteTeacher = (id: number) => useAdminMutation<object, Teacher>('adminTeacherInvite', id);
