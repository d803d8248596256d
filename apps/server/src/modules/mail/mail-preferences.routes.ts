import { messageResponseSchema } from '@tokenly/contract/auth';
import {
  mailPreferencesResponseSchema,
  mailPreferencesSchema,
  unsubscribeQuerySchema,
} from '@tokenly/contract/mail';
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
    schema: { response: { 200: mailPreferencesResponseSchema } },
    onRequest: app.requireRole('user'),
    handler: async (request) => ({ data: await preferences.get(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('mailPreferencesSave'),
    schema: { body: mailPreferencesSchema, response: { 200: mailPreferencesResponseSchema } },
    onRequest: app.requireRole('user'),
    handler: async (request) => ({
      data: await preferences.save(currentSession(request).user.id, request.body),
    }),
  });

  app.route({
    ...endpoint('unsubscribe'),
    schema: { querystring: unsubscribeQuerySchema, response: { 200: messageResponseSchema } },
    handler: async (request) => {
      const what = await preferences.unsubscribe(request.query);
      return { data: { ok: true as const }, message: MESSAGES.unsubscribed({ what }) };
    },
  });
};
