import { classMessageBodySchema, classMessageResponseSchema } from '../class-roster.ts';
import { idParamSchema, pageQuerySchema } from '../common.ts';
import {
  attendanceBodySchema,
  rosterEntryResponseSchema,
  teacherBodySchema,
  teacherClassDetailsResponseSchema,
  teacherClassesResponseSchema,
  teacherOptionsResponseSchema,
  teacherPageResponseSchema,
  teacherResponseSchema,
} from '../teachers.ts';
import type { EndpointSpec } from './spec.ts';

export const teachersEndpoints = {
  adminTeachers: {
    method: 'GET',
    path: 'admin-teachers',
    auth: 'admin',
    tag: 'admin: teachers',
    summary: 'Teachers by name, 15 a page, with their classes still to come and whether they have a password',
    errors: {},
    query: pageQuerySchema,
    response: { 200: teacherPageResponseSchema },
  },

  adminTeachersList: {
    method: 'GET',
    path: 'admin-teachers-list',
    auth: 'admin',
    tag: 'admin: teachers',
    summary: 'Every active teacher (id and name), for the class form',
    errors: {},
    response: { 200: teacherOptionsResponseSchema },
  },

  adminTeacher: {
    method: 'GET',
    path: 'admin-teachers/:id',
    auth: 'admin',
    tag: 'admin: teachers',
    summary: 'One teacher',
    errors: { 404: 'No such teacher.' },
    params: idParamSchema,
    response: { 200: teacherResponseSchema },
  },

  adminTeacherCreate: {
    method: 'POST',
    path: 'admin-teachers',
    auth: 'admin',
    tag: 'admin: teachers',
    summary: 'Add a teacher (name, email, bio); they are mailed a link to set their password',
    errors: { 422: 'Also when the email is already registered.' },
    body: teacherBodySchema,
    response: { 201: teacherResponseSchema },
  },

  adminTeacherUpdate: {
    method: 'PUT',
    path: 'admin-teachers/:id',
    auth: 'admin',
    tag: 'admin: teachers',
    summary: "Change a teacher's name, email and bio",
    errors: { 404: 'No such teacher.', 422: 'Also when the email is already registered.' },
    params: idParamSchema,
    body: teacherBodySchema,
    response: { 200: teacherResponseSchema },
  },

  adminTeacherInvite: {
    method: 'POST',
    path: 'admin-teachers/:id/invite',
    auth: 'admin',
    tag: 'admin: teachers',
    summary: 'Mail the teacher a new link to set a password (earlier links stop working)',
    errors: { 404: 'No such teacher.', 409: 'The account is disabled.' },
    params: idParamSchema,
    response: { 200: teacherResponseSchema },
  },

  teacherClasses: {
    method: 'GET',
    path: 'teacher-classes',
    auth: 'teacher',
    tag: 'teacher',
    summary: "The signed-in teacher's classes still to come, and those whose attendance can still be marked",
    errors: {},
    response: { 200: teacherClassesResponseSchema },
  },

  teacherClass: {
    method: 'GET',
    path: 'teacher-class/:id',
    auth: 'teacher',
    tag: 'teacher',
    summary: 'One own class: host link and roster (name, level, when booked, attendance)',
    errors: { 404: 'No such class of the signed-in teacher.' },
    params: idParamSchema,
    response: { 200: teacherClassDetailsResponseSchema },
  },

  teacherAttendance: {
    method: 'PUT',
    path: 'teacher-class/:id/attendance',
    auth: 'teacher',
    tag: 'teacher',
    summary:
      'Mark a learner of an own class attended or no-show, from the start until 48 hours after the end',
    errors: {
      404: 'No such class of the signed-in teacher, or no such booking in it.',
      409: 'The class has not started, was cancelled, or its attendance window has closed.',
    },
    params: idParamSchema,
    body: attendanceBodySchema,
    response: { 200: rosterEntryResponseSchema },
  },

  teacherClassMessage: {
    method: 'POST',
    path: 'teacher-class/:id/message',
    auth: 'teacher',
    tag: 'teacher',
    summary: 'Message an own class: one mail with the subject and text to each learner booked on it',
    errors: { 404: 'No such class of the signed-in teacher.', 409: 'Nobody is booked on the class.' },
    params: idParamSchema,
    body: classMessageBodySchema,
    response: { 200: classMessageResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
