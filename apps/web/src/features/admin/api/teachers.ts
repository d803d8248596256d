import { useQuery } from '@tanstack/react-query';
import { adminPageQueryOptions, adminQueryOptions, useAdminMutation } from './admin-query';

export const useTeacherPage = (page: number) => useQuery(adminPageQueryOptions('adminTeachers', page));
export const useTeacherOptions = () => useQuery(adminQueryOptions('adminTeachersList'));
export const useTeacher = (id: string) => useQuery(adminQueryOptions('adminTeacher', id));
export const useCreateTeacher = () => useAdminMutation('adminTeacherCreate');
export const useUpdateTeacher = (id: string) => useAdminMutation('adminTeacherUpdate', id);
export const useInviteTeacher = (id: number) => useAdminMutation('adminTeacherInvite', id);
