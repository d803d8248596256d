import { pageQuerySchema } from '@tokenly/contract/common';
import {
  publicSchoolSettingsResponseSchema,
  SCHOOL_SETTINGS_SAVED_MESSAGE,
  schoolSettingChangesResponseSchema,
  schoolSettingsBodySchema,
  schoolSettingsResponseSchema,
  schoolSettingsSaveResponseSchema,
} from '@tokenly/contract/school-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { SchoolSettingsService } from './school-settings-service';

export const schoolSettingsRoutes: FastifyPluginAsyncZod<{ settings: SchoolSettingsService }> = async (
  app,
  { settings },
) => {
  const admin = app.requireRole('admin');

  app.route({
    ...endpoint('adminSchoolSettings'),
    schema: { response: { 200: schoolSettingsResponseSchema } },
    onRequest: admin,
    handler: async () => ({ data: await settings.get() }),
  });

  app.route({
    ...endpoint('adminSchoolSettingsSave'),
    schema: { body: schoolSettingsBodySchema, response: { 200: schoolSettingsSaveResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({
      data: await settings.save(currentSession(request).user.id, request.body),
      message: SCHOOL_SETTINGS_SAVED_MESSAGE,
    }),
  });

  app.route({
    ...endpoint('adminSchoolSettingsHistory'),
    schema: { querystring: pageQuerySchema, response: { 200: schoolSettingChangesResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({ data: await settings.history(request.query.page) }),
  });

  app.route({
    ...endpoint('schoolSettings'),
    schema: { response: { 200: publicSchoolSettingsResponseSchema } },
    handler: async () => ({ data: await settings.publicView() }),
  });
};
