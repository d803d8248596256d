import { idParamSchema } from '@tokenly/contract/common';
import {
  adminSchedulesQuerySchema,
  scheduleAddBodySchema,
  scheduleChangePreviewBodySchema,
  scheduleChangePreviewResponseSchema,
  scheduleEditBodySchema,
  schedulePageResponseSchema,
  scheduleResponseSchema,
} from '@tokenly/contract/schedules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { ResponseCache } from '../../plugins/response-cache';
import type { SchedulesService } from './schedules-service';

export const schedulesRoutes: FastifyPluginAsyncZod<{
  schedules: SchedulesService;
  cached: ResponseCache;
}> = async (app, { schedules, cached }) => {
  const onRequest = app.requireRole('admin');

  app.route({
    ...endpoint('adminSchedules'),
    schema: {
      querystring: adminSchedulesQuerySchema,
      response: { 200: schedulePageResponseSchema },
    },
    onRequest,
    ...cached.hooks,
    handler: async (request) => ({ data: await schedules.list(request.query) }),
  });

  app.route({
    ...endpoint('adminSchedule'),
    schema: {
      params: idParamSchema,
      response: { 200: scheduleResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await schedules.get(request.params.id) }),
  });

  app.route({
    ...endpoint('adminScheduleCreate'),
    schema: {
      body: scheduleAddBodySchema,
      response: { 201: scheduleResponseSchema },
    },
    onRequest,
    handler: async (request, reply) => reply.status(201).send({ data: await schedules.create(request.body) }),
  });

  app.route({
    ...endpoint('adminScheduleUpdate'),
    schema: {
      params: idParamSchema,
      body: scheduleEditBodySchema,
      response: { 200: scheduleResponseSchema },
    },
    onRequest,
    handler: async (request) => ({ data: await schedules.update(request.params.id, request.body) }),
  });

  app.route({
    ...endpoint('adminScheduleChangePreview'),
    schema: {
      params: idParamSchema,
      body: scheduleChangePreviewBodySchema,
      response: { 200: scheduleChangePreviewResponseSchema },
    },
    onRequest,
    handler: async (request) => ({
      data: await schedules.previewChange(request.params.id, request.body),
    }),
  });
};
