import { z } from 'zod';
import { idParamSchema, pageQuerySchema } from '../common.ts';
import {
  accountResponseSchema,
  adminCreateBodySchema,
  adminCreateResponseSchema,
  adminUpdateBodySchema,
  studentDetailsResponseSchema,
  studentListQuerySchema,
  studentPageResponseSchema,
  studentSearchQuerySchema,
  userPageResponseSchema,
} from '../users.ts';
import type { EndpointSpec } from './spec.ts';

export const usersEndpoints = {
  adminStudents: {
    method: 'GET',
    path: 'admin-user-list',
    auth: 'admin',
    tag: 'admin: users',
    summary:
      'Learners (role user), 15 a page: searched by part of a name or email, sorted newest first, by name, balance or latest booking',
    errors: {},
    query: studentListQuerySchema,
    response: { 200: studentPageResponseSchema },
  },

  adminStudentsCsv: {
    method: 'GET',
    path: 'admin-user-list.csv',
    auth: 'admin',
    tag: 'admin: users',
    summary:
      'The learners the list shows (same q and sort), every one, as CSV (RFC 4180, UTF-8), with the balance spendable now',
    errors: {},
    mediaType: 'text/csv',
    query: studentSearchQuerySchema,
    response: { 200: z.string() },
  },

  adminStudent: {
    method: 'GET',
    path: 'admin-student/:id',
    auth: 'admin',
    tag: 'admin: users',
    summary: 'One learner with the latest bookings and payments and the token balance',
    errors: { 404: 'No such learner.' },
    params: idParamSchema,
    response: { 200: studentDetailsResponseSchema },
  },

  adminAdmins: {
    method: 'GET',
    path: 'admin-adminuser-list',
    auth: 'admin',
    tag: 'admin: users',
    summary: 'Administrators, newest first, 15 a page',
    errors: {},
    query: pageQuerySchema,
    response: { 200: userPageResponseSchema },
  },

  adminAdminCreate: {
    method: 'POST',
    path: 'admin-adminuser',
    auth: 'admin',
    tag: 'admin: users',
    summary: 'Add an administrator (password at least 8 characters)',
    errors: { 422: 'Also when the email is already registered.' },
    body: adminCreateBodySchema,
    response: { 201: adminCreateResponseSchema },
  },

  adminAdmin: {
    method: 'GET',
    path: 'admin-adminuser/:id',
    auth: 'admin',
    tag: 'admin: users',
    summary: 'One administrator',
    errors: { 404: 'No such administrator.' },
    params: idParamSchema,
    response: { 200: accountResponseSchema },
  },

  adminAdminUpdate: {
    method: 'PUT',
    path: 'admin-adminuser/:id',
    auth: 'admin',
    tag: 'admin: users',
    summary: "Change an administrator's name and email",
    errors: { 404: 'No such administrator.', 422: 'Also when the email is already registered.' },
    params: idParamSchema,
    body: adminUpdateBodySchema,
    response: { 200: accountResponseSchema },
  },

  adminAccountDisable: {
    method: 'POST',
    path: 'admin-accounts/:id/disable',
    auth: 'admin',
    tag: 'admin: users',
    summary:
      'Disable a learner or an administrator: sign-in refused and every session ended at once; history kept',
    errors: {
      404: 'No such account.',
      409: 'Your own account, or the last active administrator.',
    },
    params: idParamSchema,
    response: { 200: accountResponseSchema },
  },

  adminAccountEnable: {
    method: 'POST',
    path: 'admin-accounts/:id/enable',
    auth: 'admin',
    tag: 'admin: users',
    summary: 'Enable a disabled account again',
    errors: { 404: 'No such account.' },
    params: idParamSchema,
    response: { 200: accountResponseSchema },
  },

  adminAdminRemove: {
    method: 'DELETE',
    path: 'admin-adminuser/:id',
    auth: 'admin',
    tag: 'admin: users',
    summary: 'Remove an administrator who has no recorded actions (others can be disabled)',
    errors: {
      404: 'No such administrator.',
      409: 'Your own account, the last active administrator, or one with recorded actions.',
    },
    params: idParamSchema,
    response: { 200: accountResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
