import { useQuery } from '@tanstack/react-query';
import { adminPageQueryOptions, adminQueryOptions, useAdminMutation } from './admin-query';

// admin-courses with `page` (the Type list); without it the server returns the plain list, read here as
// one page should it come.
export const useCoursePage = (page: number) =>
  useQuery({
    ...adminPageQueryOptions('adminCourses', page),
    select: ({ data }) =>
      Array.isArray(data)
        ? { current_page: 1, last_page: 1, per_page: data.length, total: data.length, data }
        : data,
  });
export const useCourse = (id: string) => useQuery(adminQueryOptions('adminCourse', id));
/** Active types for the schedule forms' select. */
export const useActiveCourses = () => useQuery(adminQueryOptions('adminCoursesList'));

export const useCreateCourse = () => useAdminMutation('adminCourseCreate');
export const useUpdateCourse = (id: string) => useAdminMutation('adminCourseUpdate', id);
