import { CALENDAR_FEED_RESET_MESSAGE } from '@tokenly/contract/calendar-feed';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { CalendarFeedService } from './calendar-feed-service';

export const calendarFeedRoutes: FastifyPluginAsyncZod<{ feeds: CalendarFeedService }> = async (
  app,
  { feeds },
) => {
  app.route({
    ...endpoint('calendarFeed'),
    handler: async (request) => ({ data: await feeds.address(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('calendarFeedReset'),
    handler: async (request) => ({
      data: await feeds.reset(currentSession(request).user.id),
      message: CALENDAR_FEED_RESET_MESSAGE,
    }),
  });

  app.route({
    ...endpoint('calendarFeedFile'),
    handler: async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="tokenly-english.ics"')
        .send(await feeds.file(request.params.token)),
  });
};
