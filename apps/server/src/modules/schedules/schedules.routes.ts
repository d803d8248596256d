import { idParamSchema, pageQuerySchema } from '@tokenly/contract/common';
import {
  scheduleAddBodySchema,
  scheduleEditBodySchema,
  schedulePageResponseSchema,
  scheduleResponseSchema,
} from '@tokenly/contract/schedules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { SchedulesService } from './schedules-service';

const tags = ['admin: schedules'];

export const schedulesRoutes: FastifyPluginAsyncZod<{ schedules: SchedulesService }> = async (
  app,
  { schedules },
) => {
  const onRequest = app.requireRole('admin');

  app.route({
    ...endpoint('adminSchedules'),
    schema: {
      tags,
      summary: 'Scheduled classes, 15 a page: upcoming first, then past',
      querystring: pageQuerySchema,
      response: { 200: schedulePageResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await schedules.list(request.query.page) }),
  });

  app.route({
    ...endpoint('adminSchedule'),
    schema: {
      tags,
      summary: 'One scheduled class',
      params: idParamSchema,
      response: { 200: scheduleResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await schedules.get(request.params.id) }),
  });

  app.route({
    ...endpoint('adminScheduleCreate'),
    schema: {
      tags,
      summary: 'Schedule a class (type as id or course_id); 422 for a past date; token defaults to the type',
      body: scheduleAddBodySchema,
      response: { 201: scheduleResponseSchema },
    },
    onRequest,
    handler: async (request, reply) => reply.status(201).send({ data: await schedules.create(request.body) }),
  });

  app.route({
    ...endpoint('adminScheduleUpdate'),
    schema: {
      tags,
      summary: 'Change a class; past dates allowed; 422 when no_of_users is below the seats taken',
      params: idParamSchema,
      body: scheduleEditBodySchema,
      response: { 200: scheduleResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await schedules.update(request.params.id, request.body) }),
  });
};
