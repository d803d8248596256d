import { MESSAGES } from '@tokenly/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { MailPreferencesService } from './mail-preferences';

export const mailPreferencesRoutes: FastifyPluginAsyncZod<{ preferences: MailPreferencesService }> = async (
  app,
  { preferences },
) => {
  // RFC 8058: a mail app's one click is a POST of `List-Unsubscribe=One-Click` as a form. The body says
  // nothing the query does not; it is read (in this plugin only) so the request is not refused.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.route({
    ...endpoint('mailPreferences'),
    handler: async (request) => ({ data: await preferences.get(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('mailPreferencesSave'),
    handler: async (request) => ({
      data: await preferences.save(currentSession(request).user.id, request.body),
    }),
  });

  app.route({
    ...endpoint('unsubscribe'),
    handler: async (request) => {
      const what = await preferences.unsubscribe(request.query);
      return { data: { ok: true as const }, message: MESSAGES.unsubscribed({ what }) };
    },
  });
};
