import {
  CALENDAR_FEED_RESET_MESSAGE,
  calendarFeedParamsSchema,
  calendarFeedResetResponseSchema,
  calendarFeedResponseSchema,
} from '@tokenly/contract/calendar-feed';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { CalendarFeedService } from './calendar-feed-service';

export const calendarFeedRoutes: FastifyPluginAsyncZod<{ feeds: CalendarFeedService }> = async (
  app,
  { feeds },
) => {
  app.route({
    ...endpoint('calendarFeed'),
    onRequest: app.requireAuth,
    schema: { response: { 200: calendarFeedResponseSchema } },
    handler: async (request) => ({ data: await feeds.address(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('calendarFeedReset'),
    onRequest: app.requireAuth,
    schema: { response: { 200: calendarFeedResetResponseSchema } },
    handler: async (request) => ({
      data: await feeds.reset(currentSession(request).user.id),
      message: CALENDAR_FEED_RESET_MESSAGE,
    }),
  });

  app.route({
    ...endpoint('calendarFeedFile'),
    schema: { params: calendarFeedParamsSchema, response: { 200: z.string() } },
    handler: async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="tokenly-english.ics"')
        .send(await feeds.file(request.params.token)),
  });
};
