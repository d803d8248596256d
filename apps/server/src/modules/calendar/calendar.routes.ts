import {
  calendarClassListResponseSchema,
  calendarQuerySchema,
  classDetailsResponseSchema,
  scheduleByDateQuerySchema,
  timetableOptionsResponseSchema,
} from '@tokenly/contract/bookings';
import { idParamSchema } from '@tokenly/contract/common';
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
    schema: {
      querystring: scheduleByDateQuerySchema,
      response: { 200: calendarClassListResponseSchema },
    },
    ...cached.hooks,
    handler: async (request) => {
      const { date, tz } = request.query;
      return { data: await calendar.between(date, date, tz) };
    },
  });

  app.route({
    ...endpoint('calendarSchedules'),
    schema: {
      querystring: calendarQuerySchema,
      response: { 200: calendarClassListResponseSchema },
    },
    ...cached.hooks,
    handler: async (request) => {
      const { from, to, tz } = request.query;
      return { data: await calendar.between(from, to, tz) };
    },
  });

  app.route({
    ...endpoint('upcomingClasses'),
    schema: { response: { 200: calendarClassListResponseSchema } },
    ...cached.hooks,
    handler: async () => ({ data: await calendar.upcoming() }),
  });

  app.route({
    ...endpoint('timetableOptions'),
    schema: { response: { 200: timetableOptionsResponseSchema } },
    ...cached.hooks,
    handler: async () => ({ data: await calendar.timetableOptions() }),
  });

  app.route({
    ...endpoint('calendarClass'),
    schema: { params: idParamSchema, response: { 200: classDetailsResponseSchema } },
    handler: async (request) => ({ data: await calendar.one(request.params.id) }),
  });
};
