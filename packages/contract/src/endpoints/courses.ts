import { idParamSchema } from '../common.ts';
import {
  courseBodySchema,
  courseListOrPageResponseSchema,
  courseListQuerySchema,
  courseListResponseSchema,
  courseResponseSchema,
} from '../courses.ts';
import type { EndpointSpec } from './spec.ts';

export const coursesEndpoints = {
  adminCourses: {
    method: 'GET',
    path: 'admin-courses',
    auth: 'admin',
    tag: 'admin: class types',
    summary: 'Class types: the whole list without page, a page of 15 with it',
    errors: {},
    query: courseListQuerySchema,
    response: { 200: courseListOrPageResponseSchema },
  },

  adminCourse: {
    method: 'GET',
    path: 'admin-courses/:id',
    auth: 'admin',
    tag: 'admin: class types',
    summary: 'One class type',
    errors: { 404: 'No such class type.' },
    params: idParamSchema,
    response: { 200: courseResponseSchema },
  },

  adminCourseCreate: {
    method: 'POST',
    path: 'admin-courses',
    auth: 'admin',
    tag: 'admin: class types',
    summary: 'Add a class type (course_title, status 1/0, color hex, token)',
    errors: {},
    body: courseBodySchema,
    response: { 201: courseResponseSchema },
  },

  adminCourseUpdate: {
    method: 'PUT',
    path: 'admin-courses/:id',
    auth: 'admin',
    tag: 'admin: class types',
    summary: 'Change a class type',
    errors: { 404: 'No such class type.' },
    params: idParamSchema,
    body: courseBodySchema,
    response: { 200: courseResponseSchema },
  },

  adminCoursesList: {
    method: 'GET',
    path: 'admin-courses-list',
    auth: 'admin',
    tag: 'admin: class types',
    summary: 'Active class types, for selects',
    errors: {},
    response: { 200: courseListResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
