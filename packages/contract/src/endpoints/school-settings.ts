import { pageQuerySchema } from '../common.ts';
import {
  publicSchoolSettingsResponseSchema,
  schoolSettingChangesResponseSchema,
  schoolSettingsBodySchema,
  schoolSettingsResponseSchema,
  schoolSettingsSaveResponseSchema,
} from '../school-settings.ts';
import type { EndpointSpec } from './spec.ts';

export const schoolSettingsEndpoints = {
  adminSchoolSettings: {
    method: 'GET',
    path: 'admin-school-settings',
    auth: 'admin',
    tag: 'admin: school settings',
    summary: "The school's settings as every server process uses them now",
    errors: {},
    response: { 200: schoolSettingsResponseSchema },
  },

  adminSchoolSettingsSave: {
    method: 'PUT',
    path: 'admin-school-settings',
    auth: 'admin',
    tag: 'admin: school settings',
    summary:
      "Change the school's settings, in effect at once on every server process; each changed value goes to the history",
    errors: {},
    body: schoolSettingsBodySchema,
    response: { 200: schoolSettingsSaveResponseSchema },
  },

  adminSchoolSettingsHistory: {
    method: 'GET',
    path: 'admin-school-settings/history',
    auth: 'admin',
    tag: 'admin: school settings',
    summary: 'Every change of a school setting (who, when, old and new value), newest first, 15 a page',
    errors: {},
    query: pageQuerySchema,
    response: { 200: schoolSettingChangesResponseSchema },
  },

  schoolSettings: {
    method: 'GET',
    path: 'school',
    auth: 'public',
    tag: 'school',
    summary: "The school's name, contact address, time zone, cancellation window and meeting-link lead time",
    errors: {},
    response: { 200: publicSchoolSettingsResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
