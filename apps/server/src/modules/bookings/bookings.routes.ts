import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import { mailLocaleOf } from '../mail/mail-recipients-repository';
import type { BookingsService } from './bookings-service';

export const bookingsRoutes: FastifyPluginAsyncZod<{ bookings: BookingsService }> = async (
  app,
  { bookings },
) => {
  app.route({
    ...endpoint('bookClass'),
    handler: async (request) => bookings.book(currentSession(request).user, request.body),
  });

  app.route({
    ...endpoint('bookingPreview'),
    handler: async (request) => ({
      data: await bookings.preview(currentSession(request).user, request.params.id),
    }),
  });

  app.route({
    ...endpoint('userBookedSchedules'),
    handler: async (request) => ({ data: await bookings.bookedClasses(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('userBookings'),
    handler: async (request) => ({
      data: await bookings.listForUser(
        currentSession(request).user.id,
        request.query.page,
        request.query.when ?? request.query.scope,
      ),
    }),
  });

  app.route({
    ...endpoint('cancelBooking'),
    handler: async (request) =>
      bookings.cancel(currentSession(request).user.id, request.params.id, {
        late: request.query.late === 'true',
      }),
  });

  app.route({
    ...endpoint('bookingIcs'),
    handler: async (request, reply) => {
      const { user } = currentSession(request);
      const file = await bookings.calendarFile(user.id, request.params.id, mailLocaleOf(user.locale));
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  });

  app.route({
    ...endpoint('adminBookingCancel'),
    // The body is optional: a request without any is read as `{}` (a refund). Fastify validates a missing
    // body as null, which must stay refused when a client sends it.
    preValidation: async (request) => {
      if (request.body === undefined) request.body = {} as typeof request.body;
    },
    handler: async (request) => bookings.adminCancel(request.params.id, request.body),
  });

  app.route({
    ...endpoint('adminBookingWaive'),
    handler: async (request) =>
      bookings.waive(currentSession(request).user.id, request.params.id, request.body),
  });

  app.route({
    ...endpoint('adminScheduleRosterCsv'),
    handler: async (request, reply) => sendCsv(reply, await bookings.rosterCsv(request.params.id)),
  });

  app.route({
    ...endpoint('adminScheduleCancel'),
    handler: async (request) => {
      const data = await bookings.cancelSchedule(request.params.id);
      return { data, message: `Class cancelled. ${data.refunded_bookings} booking(s) refunded.` };
    },
  });
};
