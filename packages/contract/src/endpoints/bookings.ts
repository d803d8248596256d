import { z } from 'zod';
import {
  adminCancelScheduleResponseSchema,
  bookedSchedulesResponseSchema,
  bookingIntentSchema,
  bookingPreviewResponseSchema,
  bookingResponseSchema,
  calendarClassListResponseSchema,
  calendarQuerySchema,
  cancelBookingQuerySchema,
  classDetailsResponseSchema,
  scheduleByDateQuerySchema,
  timetableOptionsResponseSchema,
  userBookingPageResponseSchema,
  userBookingsQuerySchema,
  waiveBodySchema,
  waiveResponseSchema,
} from '../bookings.ts';
import { bookingMoveBodySchema, bookingRemoveBodySchema } from '../class-roster.ts';
import { closedDaysQuerySchema, publicClosedDaysResponseSchema } from '../closed-days.ts';
import { idParamSchema } from '../common.ts';
import {
  bookSeriesBodySchema,
  bookSeriesResponseSchema,
  seriesBookingPreviewResponseSchema,
} from '../series.ts';
import { attendanceCountsResponseSchema } from '../teachers.ts';
import { type EndpointSpec, NOT_FOUND_OWN } from './spec.ts';

export const bookingsEndpoints = {
  scheduleByDate: {
    method: 'GET',
    path: 'admin-course-schedule-by-date',
    auth: 'public',
    tag: 'calendar',
    summary: "One day's classes (cancelled ones left out); tz defaults to APP_TIMEZONE",
    errors: {},
    query: scheduleByDateQuerySchema,
    response: { 200: calendarClassListResponseSchema },
  },

  calendarSchedules: {
    method: 'GET',
    path: 'calendar-schedules',
    auth: 'public',
    tag: 'calendar',
    summary: 'Classes of days from..to inclusive (at most 62 days), for the month calendar',
    errors: {},
    query: calendarQuerySchema,
    response: { 200: calendarClassListResponseSchema },
  },

  upcomingClasses: {
    method: 'GET',
    path: 'upcoming-classes',
    auth: 'public',
    tag: 'calendar',
    summary:
      'The next classes to start (at most 3, within 14 days), for the home banner; the same items as calendar-schedules',
    errors: {},
    response: { 200: calendarClassListResponseSchema },
  },

  timetableOptions: {
    method: 'GET',
    path: 'timetable-options',
    auth: 'public',
    tag: 'calendar',
    summary:
      "The timetable's filters and first week: every active class type and teacher, and when the next class starts",
    errors: {},
    response: { 200: timetableOptionsResponseSchema },
  },

  calendarClass: {
    method: 'GET',
    path: 'calendar-class/:id',
    auth: 'public',
    tag: 'calendar',
    summary:
      'One class for its own page: type, level, description, teacher, seats left, and whether it is on',
    errors: { 404: 'No such class.' },
    params: idParamSchema,
    response: { 200: classDetailsResponseSchema },
  },

  bookClass: {
    method: 'POST',
    path: 'book-class',
    auth: 'user',
    tag: 'bookings',
    summary:
      'Book a class; the credits it costs come from the class, a club class is booked with the Club pass',
    errors: {
      404: 'No such class.',
      409: "The class is full, cancelled or started, already booked, or the credits are short; a club class without a Club pass covering it, or with the week's club classes all booked.",
    },
    body: bookingIntentSchema,
    response: { 200: bookingResponseSchema },
  },

  bookingPreview: {
    method: 'GET',
    path: 'book-class-preview/:id',
    auth: 'user',
    tag: 'bookings',
    summary:
      'What booking a class would do: its cost, the balance after, the lots used, and whether it can be cancelled for free',
    errors: { 404: 'No such class.' },
    params: idParamSchema,
    response: { 200: bookingPreviewResponseSchema },
  },

  userBookedSchedules: {
    method: 'GET',
    path: 'user-booked-schedules',
    auth: 'user',
    tag: 'bookings',
    summary:
      'The classes still to come that the learner has booked, with the booking and whether it can still be cancelled for free',
    errors: {},
    response: { 200: bookedSchedulesResponseSchema },
  },

  userBookings: {
    method: 'GET',
    path: 'user-course-schedule',
    auth: 'user',
    tag: 'bookings',
    summary:
      "The learner's bookings by class time, 15 a page: when=upcoming (active, not ended, soonest first), past (ended, latest first) or cancelled; without it every booking, latest class first",
    errors: {},
    query: userBookingsQuerySchema,
    response: { 200: userBookingPageResponseSchema },
  },

  cancelBooking: {
    method: 'POST',
    path: 'cancel-booking/:id',
    auth: 'user',
    tag: 'bookings',
    summary:
      'Cancel an own booking before the start: credits go back up to CANCEL_WINDOW_HOURS before it, later (with late: true) they are kept',
    errors: {
      404: NOT_FOUND_OWN,
      409: 'Already cancelled, the class has started, or the free window has closed and late is not true.',
    },
    params: idParamSchema,
    query: cancelBookingQuerySchema,
    response: { 200: bookingResponseSchema },
  },

  bookingIcs: {
    method: 'GET',
    path: 'booking-ics/:id',
    auth: 'user',
    tag: 'bookings',
    summary: 'An own booking as an iCalendar file',
    errors: { 404: NOT_FOUND_OWN },
    mediaType: 'text/calendar',
    params: idParamSchema,
    response: { 200: z.string() },
  },

  adminScheduleCancel: {
    method: 'POST',
    path: 'admin-course-schedule/:id/cancel',
    auth: 'admin',
    tag: 'bookings',
    summary: 'Cancel a class: every active booking is cancelled and refunded; idempotent',
    errors: { 404: 'No such class.' },
    params: idParamSchema,
    response: { 200: adminCancelScheduleResponseSchema },
  },

  closedDays: {
    method: 'GET',
    path: 'closed-days',
    auth: 'public',
    tag: 'calendar',
    summary: "The school's closed days (date and name) between from and to, days in the school's time zone",
    errors: {},
    query: closedDaysQuerySchema,
    response: { 200: publicClosedDaysResponseSchema },
  },

  seriesBookingPreview: {
    method: 'GET',
    path: 'book-series-preview/:id',
    auth: 'user',
    tag: 'bookings',
    summary:
      'What booking the rest of the series from this class would book, skip and cost; nothing is taken',
    errors: { 404: 'No such class.', 409: 'The class belongs to no series.' },
    params: idParamSchema,
    response: { 200: seriesBookingPreviewResponseSchema },
  },

  bookSeries: {
    method: 'POST',
    path: 'book-series',
    auth: 'user',
    tag: 'bookings',
    summary:
      'Book every remaining class of the series from this one with a free seat, while the credits last; each is its own booking',
    errors: { 404: 'No such class.', 409: 'The class belongs to no series.' },
    body: bookSeriesBodySchema,
    response: { 200: bookSeriesResponseSchema },
  },

  adminBookingCancel: {
    method: 'POST',
    path: 'admin-booking/:id/cancel',
    auth: 'admin',
    tag: 'bookings',
    summary:
      "Remove one learner's booking, whatever the window: credits go back unless refund is false (with a reason), the seat to the first eligible in the waitlist, and the learner is mailed",
    errors: { 404: 'No such booking.', 409: 'The booking is already cancelled.' },
    params: idParamSchema,
    body: bookingRemoveBodySchema,
    response: { 200: bookingResponseSchema },
  },

  adminBookingMove: {
    method: 'POST',
    path: 'admin-booking/:id/move',
    auth: 'admin',
    tag: 'bookings',
    summary:
      "Move one learner's booking to another class with a free seat: the credits it took carry over (nothing charged, nothing lost), the learner is mailed",
    errors: {
      404: 'No such booking, or no such class to move to.',
      409: 'The booking is cancelled, the class to move to is the same, full, cancelled or started, or the learner already has a place in it.',
    },
    params: idParamSchema,
    body: bookingMoveBodySchema,
    response: { 200: bookingResponseSchema },
  },

  adminBookingWaive: {
    method: 'POST',
    path: 'admin-booking/:id/waive',
    auth: 'admin',
    tag: 'bookings',
    summary:
      'Give back the credits of a late cancel or a no-show, once, with a reason kept in the ledger and the audit log',
    errors: {
      404: 'No such booking.',
      409: 'Neither a late cancel nor a no-show, or its credits were already given back.',
    },
    params: idParamSchema,
    body: waiveBodySchema,
    response: { 200: waiveResponseSchema },
  },

  userAttendance: {
    method: 'GET',
    path: 'user-attendance',
    auth: 'user',
    tag: 'bookings',
    summary: "The learner's attended, no-show and late-cancel counts",
    errors: {},
    response: { 200: attendanceCountsResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
