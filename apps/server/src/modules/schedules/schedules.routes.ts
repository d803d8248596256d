import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { ResponseCache } from '../../plugins/response-cache';
import type { SchedulesService } from './schedules-service';

export const schedulesRoutes: FastifyPluginAsyncZod<{
  schedules: SchedulesService;
  cached: ResponseCache;
}> = async (app, { schedules, cached }) => {
  app.route({
    ...endpoint('adminSchedules'),
    ...cached.hooks,
    handler: async (request) => ({ data: await schedules.list(request.query) }),
  });

  app.route({
    ...endpoint('adminSchedule'),
    handler: async (request) => ({ data: await schedules.get(request.params.id) }),
  });

  app.route({
    ...endpoint('adminScheduleCreate'),
    handler: async (request, reply) => reply.status(201).send({ data: await schedules.create(request.body) }),
  });

  app.route({
    ...endpoint('adminScheduleUpdate'),
    handler: async (request) => ({ data: await schedules.update(request.params.id, request.body) }),
  });

  app.route({
    ...endpoint('adminScheduleChangePreview'),
    handler: async (request) => ({
      data: await schedules.previewChange(request.params.id, request.body),
    }),
  });
};
