import { messageResponseSchema } from '@tokenly/contract/auth';
import { pageQuerySchema } from '@tokenly/contract/common';
import { contactBodySchema, contactMessagePageResponseSchema } from '@tokenly/contract/contact';
import { MESSAGES } from '@tokenly/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimit } from '../../config/env';
import { endpoint } from '../../lib/endpoint';
import { createAttemptLimiter } from '../../plugins/rate-limit';
import type { ContactService } from './contact-service';

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService; rateLimit: RateLimit }> = async (
  app,
  { contact, rateLimit },
) => {
  // Each enquiry mails the school and the address typed in: a limit per client and address keeps the
  // form from being a way to flood either.
  const limit = createAttemptLimiter(app, rateLimit, MESSAGES.tooManyContactMessages, 'contact');
  // And per client alone, a few addresses' worth: typing a new address each time must not lift the limit.
  const limitClient = createAttemptLimiter(
    app,
    { ...rateLimit, max: rateLimit.max * 4 },
    MESSAGES.tooManyContactMessages,
    'contact-client',
    'ip',
  );

  app.route({
    ...endpoint('contact'),
    schema: { body: contactBodySchema, response: { 200: messageResponseSchema } },
    preHandler: [limitClient, limit],
    handler: async (request) => {
      await contact.send(request.body);
      return { data: { ok: true as const }, message: MESSAGES.contactSent };
    },
  });

  app.route({
    ...endpoint('adminContactMessages'),
    schema: { querystring: pageQuerySchema, response: { 200: contactMessagePageResponseSchema } },
    onRequest: app.requireRole('admin'),
    handler: async (request) => ({ data: await contact.list(request.query.page) }),
  });
};
