import {
  adminCancelScheduleResponseSchema,
  bookedSchedulesResponseSchema,
  bookingIntentSchema,
  bookingPreviewResponseSchema,
  bookingResponseSchema,
  cancelBookingQuerySchema,
  userBookingPageResponseSchema,
  userBookingsQuerySchema,
  waiveBodySchema,
  waiveResponseSchema,
} from '@tokenly/contract/bookings';
import { bookingRemoveBodySchema } from '@tokenly/contract/class-roster';
import { idParamSchema } from '@tokenly/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
    onRequest: app.requireRole('user'),
    schema: {
      body: bookingIntentSchema,
      response: { 200: bookingResponseSchema },
    },
    handler: async (request) => bookings.book(currentSession(request).user, request.body),
  });

  app.route({
    ...endpoint('bookingPreview'),
    onRequest: app.requireRole('user'),
    schema: {
      params: idParamSchema,
      response: { 200: bookingPreviewResponseSchema },
    },
    handler: async (request) => ({
      data: await bookings.preview(currentSession(request).user, request.params.id),
    }),
  });

  app.route({
    ...endpoint('userBookedSchedules'),
    onRequest: app.requireRole('user'),
    schema: {
      response: { 200: bookedSchedulesResponseSchema },
    },
    handler: async (request) => ({ data: await bookings.bookedClasses(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('userBookings'),
    onRequest: app.requireRole('user'),
    schema: {
      querystring: userBookingsQuerySchema,
      response: { 200: userBookingPageResponseSchema },
    },
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
    onRequest: app.requireRole('user'),
    schema: {
      params: idParamSchema,
      querystring: cancelBookingQuerySchema,
      response: { 200: bookingResponseSchema },
    },
    handler: async (request) =>
      bookings.cancel(currentSession(request).user.id, request.params.id, {
        late: request.query.late === 'true',
      }),
  });

  app.route({
    ...endpoint('bookingIcs'),
    onRequest: app.requireRole('user'),
    schema: {
      params: idParamSchema,
      response: { 200: z.string() },
    },
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
    onRequest: app.requireRole('admin'),
    // The body is optional: a request without any is read as `{}` (a refund). Fastify validates a missing
    // body as null, which must stay refused when a client sends it.
    preValidation: async (request) => {
      if (request.body === undefined) request.body = {} as typeof request.body;
    },
    schema: {
      params: idParamSchema,
      body: bookingRemoveBodySchema,
      response: { 200: bookingResponseSchema },
    },
    handler: async (request) => bookings.adminCancel(request.params.id, request.body),
  });

  app.route({
    ...endpoint('adminBookingWaive'),
    onRequest: app.requireRole('admin'),
    schema: {
      params: idParamSchema,
      body: waiveBodySchema,
      response: { 200: waiveResponseSchema },
    },
    handler: async (request) =>
      bookings.waive(currentSession(request).user.id, request.params.id, request.body),
  });

  app.route({
    ...endpoint('adminScheduleRosterCsv'),
    onRequest: app.requireRole('admin'),
    schema: { params: idParamSchema, response: { 200: z.string() } },
    handler: async (request, reply) => sendCsv(reply, await bookings.rosterCsv(request.params.id)),
  });

  app.route({
    ...endpoint('adminScheduleCancel'),
    onRequest: app.requireRole('admin'),
    schema: {
      params: idParamSchema,
      response: { 200: adminCancelScheduleResponseSchema },
    },
    handler: async (request) => {
      const data = await bookings.cancelSchedule(request.params.id);
      return { data, message: `Class cancelled. ${data.refunded_bookings} booking(s) refunded.` };
    },
  });
};
