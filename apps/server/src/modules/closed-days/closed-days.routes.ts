import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import type { ClosedDaysService } from './closed-days-service';

const classes = (count: number) => `${count} ${count === 1 ? 'class' : 'classes'}`;

export const closedDaysRoutes: FastifyPluginAsyncZod<{ closedDays: ClosedDaysService }> = async (
  app,
  { closedDays },
) => {
  app.route({
    ...endpoint('adminClosedDays'),
    handler: async () => ({ data: await closedDays.list() }),
  });

  app.route({
    ...endpoint('adminClosedDayClasses'),
    handler: async (request) => ({ data: await closedDays.classesOn(request.query.day) }),
  });

  app.route({
    ...endpoint('adminClosedDayCreate'),
    handler: async (request, reply) => {
      const data = await closedDays.create(request.body);
      const cancelled =
        data.cancelled_classes === 0
          ? ''
          : ` ${classes(data.cancelled_classes)} cancelled, ${data.refunded_bookings} ${data.refunded_bookings === 1 ? 'booking' : 'bookings'} refunded.`;
      return reply.status(201).send({ data, message: `Closed day saved.${cancelled}` });
    },
  });

  app.route({
    ...endpoint('adminClosedDayRemove'),
    handler: async (request) => {
      await closedDays.remove(request.params.id);
      return { data: { ok: true as const } };
    },
  });

  app.route({
    ...endpoint('closedDays'),
    handler: async (request) => ({ data: await closedDays.between(request.query.from, request.query.to) }),
  });
};
