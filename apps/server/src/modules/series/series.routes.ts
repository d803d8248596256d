import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { SeriesService } from './series-service';

const classes = (count: number) => `${count} ${count === 1 ? 'class' : 'classes'}`;

/** " Skipped closed days: 25 Dec (Christmas Day), …." when the rule met any. */
const skipped = (days: { day: string; name: string }[]) =>
  days.length === 0
    ? ''
    : ` Skipped closed ${days.length === 1 ? 'day' : 'days'}: ${days.map((day) => `${day.day} (${day.name})`).join(', ')}.`;

export const seriesRoutes: FastifyPluginAsyncZod<{ series: SeriesService }> = async (app, { series }) => {
  app.route({
    ...endpoint('adminSeriesList'),
    handler: async () => ({ data: await series.list() }),
  });

  app.route({
    ...endpoint('adminSeriesCreate'),
    handler: async (request, reply) => {
      const data = await series.create(request.body);
      return reply.status(201).send({
        data,
        message: `Series saved: ${classes(data.created)} scheduled.${skipped(data.skipped_closed_days)}`,
      });
    },
  });

  app.route({
    ...endpoint('adminSeriesExtend'),
    handler: async (request) => {
      const data = await series.extend(request.params.id, request.body.weeks);
      return {
        data,
        message: `Series extended: ${classes(data.created)} added.${skipped(data.skipped_closed_days)}`,
      };
    },
  });

  app.route({
    ...endpoint('adminScheduleUpdateFollowing'),
    handler: async (request) => {
      const data = await series.updateFollowing(request.params.id, request.body);
      return { data, message: `${classes(data.updated)} changed.` };
    },
  });

  app.route({
    ...endpoint('adminScheduleCancelFollowing'),
    handler: async (request) => {
      const data = await series.cancelFollowing(request.params.id);
      return {
        data,
        message: `${classes(data.cancelled_classes)} cancelled. ${data.refunded_bookings} booking(s) refunded.`,
      };
    },
  });

  app.route({
    ...endpoint('seriesBookingPreview'),
    handler: async (request) => ({
      data: await series.preview(currentSession(request).user, request.params.id),
    }),
  });

  app.route({
    ...endpoint('bookSeries'),
    handler: async (request) =>
      series.bookRest(currentSession(request).user, request.body.schedule_id, {
        confirmLevel: request.body.confirm_level === true,
      }),
  });
};
