import { useQuery } from '@tanstack/react-query';
import type { Course, CourseBody } from '@tokenly/contract/courses';
import { adminPageQueryOptions, adminQueryOptions, useAdminMutation } from './admin-query';

// admin-courses with `page` (the Type list); without it the server returns the plain list.
export const useCoursePage = (page: number) => useQuery(adminPageQueryOptions<Course>('adminCourses', page));
export const useCourse = (id: string) => useQuery(adminQueryOptions<Course>('adminCourse', id));
/** Active types for the schedule forms' select. */
export const useActiveCourses = () => useQuery(adminQueryOptions<Course[]>('adminCoursesList'));

export const useCreateCourse = () => useAdminMutation<CourseBody, Course>('adminCourseCreate');
export const useUpdateCourse = (id: string) => useAdminMutation<CourseBody, Course>('adminCourseUpdate', id);
