import { MESSAGES } from '@tokenly/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimit } from '../../config/env';
import { endpoint } from '../../lib/endpoint';
import { requestLocale } from '../../lib/request-locale';
import { currentSession } from '../../plugins/auth';
import { createAttemptLimiter } from '../../plugins/rate-limit';
import type { ContactService } from './contact-service';

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService; rateLimit: RateLimit }> = async (
  app,
  { contact, rateLimit },
) => {
  // Each enquiry mails the school and the address typed in: a daily budget per client keeps the form from
  // flooding the school, and the mailer's hourly budget per recipient keeps it from flooding a stranger.
  const limitClient = createAttemptLimiter(app, rateLimit, MESSAGES.tooManyContactMessages, 'contact', 'ip');

  app.route({
    ...endpoint('contact'),
    preHandler: limitClient,
    handler: async (request) => {
      await contact.send(request.body, requestLocale(request));
      return { data: { ok: true as const }, message: MESSAGES.contactSent };
    },
  });

  app.route({
    ...endpoint('adminContactMessages'),
    handler: async (request) => ({ data: await contact.list(request.query.page) }),
  });

  app.route({
    ...endpoint('adminContactMessageReply'),
    handler: async (request) => ({
      data: await contact.reply(currentSession(request).user.id, request.params.id, request.body.reply),
    }),
  });

  app.route({
    ...endpoint('adminContactMessageClose'),
    handler: async (request) => ({ data: await contact.close(request.params.id) }),
  });
};
