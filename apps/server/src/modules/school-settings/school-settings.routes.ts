import { SCHOOL_SETTINGS_SAVED_MESSAGE } from '@tokenly/contract/school-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { SchoolSettingsService } from './school-settings-service';

export const schoolSettingsRoutes: FastifyPluginAsyncZod<{ settings: SchoolSettingsService }> = async (
  app,
  { settings },
) => {
  app.route({
    ...endpoint('adminSchoolSettings'),
    handler: async () => ({ data: await settings.get() }),
  });

  app.route({
    ...endpoint('adminSchoolSettingsSave'),
    handler: async (request) => ({
      data: await settings.save(currentSession(request).user.id, request.body),
      message: SCHOOL_SETTINGS_SAVED_MESSAGE,
    }),
  });

  app.route({
    ...endpoint('adminSchoolSettingsHistory'),
    handler: async (request) => ({ data: await settings.history(request.query.page) }),
  });

  app.route({
    ...endpoint('schoolSettings'),
    handler: async () => ({ data: await settings.publicView() }),
  });
};
