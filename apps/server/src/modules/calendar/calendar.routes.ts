import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { ResponseCache } from '../../plugins/response-cache';
import type { CalendarService } from './calendar-service';

export const calendarRoutes: FastifyPluginAsyncZod<{
  calendar: CalendarService;
  cached: ResponseCache;
}> = async (app, { calendar, cached }) => {
  app.route({
    ...endpoint('scheduleByDate'),
    ...cached.hooks,
    handler: async (request) => {
      const { date, tz } = request.query;
      return { data: await calendar.between(date, date, tz) };
    },
  });

  app.route({
    ...endpoint('calendarSchedules'),
    ...cached.hooks,
    handler: async (request) => {
      const { from, to, tz } = request.query;
      return { data: await calendar.between(from, to, tz) };
    },
  });

  app.route({
    ...endpoint('upcomingClasses'),
    ...cached.hooks,
    handler: async () => ({ data: await calendar.upcoming() }),
  });

  app.route({
    ...endpoint('timetableOptions'),
    ...cached.hooks,
    handler: async () => ({ data: await calendar.timetableOptions() }),
  });

  app.route({
    ...endpoint('calendarClass'),
    handler: async (request) => ({ data: await calendar.one(request.params.id) }),
  });
};
