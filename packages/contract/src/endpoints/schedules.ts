import { z } from 'zod';
import { bookingResponseSchema } from '../bookings.ts';
import {
  adminClassRosterResponseSchema,
  classMessageBodySchema,
  classMessageResponseSchema,
  rosterAddBodySchema,
} from '../class-roster.ts';
import {
  closedDayBodySchema,
  closedDayClassesQuerySchema,
  closedDayClassesResponseSchema,
  closedDayCreatedResponseSchema,
  closedDayListResponseSchema,
} from '../closed-days.ts';
import { idParamSchema, okSchema } from '../common.ts';
import {
  adminSchedulesQuerySchema,
  scheduleAddBodySchema,
  scheduleChangePreviewBodySchema,
  scheduleChangePreviewResponseSchema,
  scheduleEditBodySchema,
  schedulePageResponseSchema,
  scheduleResponseSchema,
} from '../schedules.ts';
import {
  classSeriesCreatedResponseSchema,
  classSeriesListResponseSchema,
  followingCancelledResponseSchema,
  followingUpdatedResponseSchema,
  seriesCreateBodySchema,
  seriesExtendBodySchema,
} from '../series.ts';
import type { EndpointSpec } from './spec.ts';

export const schedulesEndpoints = {
  adminSchedules: {
    method: 'GET',
    path: 'admin-course-schedule',
    auth: 'admin',
    tag: 'admin: schedules',
    summary: 'Scheduled classes, 15 a page: upcoming first, then past',
    errors: {},
    query: adminSchedulesQuerySchema,
    response: { 200: schedulePageResponseSchema },
  },

  adminSchedule: {
    method: 'GET',
    path: 'admin-course-schedule/:id',
    auth: 'admin',
    tag: 'admin: schedules',
    summary: 'One scheduled class',
    errors: { 404: 'No such class.' },
    params: idParamSchema,
    response: { 200: scheduleResponseSchema },
  },

  adminScheduleCreate: {
    method: 'POST',
    path: 'admin-course-schedule',
    auth: 'admin',
    tag: 'admin: schedules',
    summary: 'Schedule a class (type as id or course_id); token defaults to the type',
    errors: {
      409: 'The teacher already teaches a class at that time (named, under allow_teacher_clash); send allow_teacher_clash: true to schedule anyway.',
      422: 'Also for a past date or an unknown class type.',
    },
    body: scheduleAddBodySchema,
    response: { 201: scheduleResponseSchema },
  },

  adminScheduleUpdate: {
    method: 'PUT',
    path: 'admin-course-schedule/:id',
    auth: 'admin',
    tag: 'admin: schedules',
    summary: 'Change a class; past dates allowed',
    errors: {
      404: 'No such class.',
      409: 'The teacher already teaches a class at that time (named, under allow_teacher_clash); send allow_teacher_clash: true to schedule anyway.',
      422: 'Also when no_of_users is below the seats taken.',
    },
    params: idParamSchema,
    body: scheduleEditBodySchema,
    response: { 200: scheduleResponseSchema },
  },

  adminScheduleChangePreview: {
    method: 'POST',
    path: 'admin-course-schedule/:id/change-preview',
    auth: 'admin',
    tag: 'admin: schedules',
    summary:
      "What saving the edit form's values would tell whom: the changes learners are mailed, the booked learners and the waitlist of every class it reaches (following: true for this and following), and a teacher clash; nothing is saved",
    errors: { 404: 'No such class.', 409: 'following: true on a class that belongs to no series.' },
    readOnly: true,
    params: idParamSchema,
    body: scheduleChangePreviewBodySchema,
    response: { 200: scheduleChangePreviewResponseSchema },
  },

  adminScheduleRosterCsv: {
    method: 'GET',
    path: 'admin-course-schedule/:id/roster.csv',
    auth: 'admin',
    tag: 'admin: schedules',
    summary:
      "A class's bookings as CSV (RFC 4180, UTF-8): learner, email, level, booked at (ISO 8601), status",
    errors: { 404: 'No such class.' },
    mediaType: 'text/csv',
    params: idParamSchema,
    response: { 200: z.string() },
  },

  adminSeriesList: {
    method: 'GET',
    path: 'admin-class-series',
    auth: 'admin',
    tag: 'admin: schedules',
    summary:
      "Every weekly series, newest first, with how many of its classes are still to come, and the school's time zone",
    errors: {},
    response: { 200: classSeriesListResponseSchema },
  },

  adminSeriesCreate: {
    method: 'POST',
    path: 'admin-class-series',
    auth: 'admin',
    tag: 'admin: schedules',
    summary:
      'Schedule a weekly series: a class on each chosen weekday at the wall-clock time in APP_TIMEZONE, for up to 52 weeks',
    errors: {
      409: 'The teacher already teaches a class at the time of one of them (named, under allow_teacher_clash); send allow_teacher_clash: true to schedule anyway.',
      422: 'Also for an unknown or inactive class type, or when no class of the rule is still to come.',
    },
    body: seriesCreateBodySchema,
    response: { 201: classSeriesCreatedResponseSchema },
  },

  adminSeriesExtend: {
    method: 'POST',
    path: 'admin-class-series/:id/extend',
    auth: 'admin',
    tag: 'admin: schedules',
    summary: 'Add weeks to a series after its end date, with the fields of its last class',
    errors: { 404: 'No such series.' },
    params: idParamSchema,
    body: seriesExtendBodySchema,
    response: { 200: classSeriesCreatedResponseSchema },
  },

  adminScheduleUpdateFollowing: {
    method: 'PUT',
    path: 'admin-course-schedule/:id/following',
    auth: 'admin',
    tag: 'admin: schedules',
    summary:
      "Change this class and the following ones of its series (still on); the date's time of day applies to each on its own day",
    errors: {
      404: 'No such class.',
      409: 'The class belongs to no series, or the teacher already teaches a class at the time of one of them (named, under allow_teacher_clash; send allow_teacher_clash: true to schedule anyway).',
      422: 'Also when no_of_users is below the seats taken of any of the classes.',
    },
    params: idParamSchema,
    body: scheduleEditBodySchema,
    response: { 200: followingUpdatedResponseSchema },
  },

  adminScheduleCancelFollowing: {
    method: 'POST',
    path: 'admin-course-schedule/:id/cancel-following',
    auth: 'admin',
    tag: 'admin: schedules',
    summary: 'Cancel this class and the following ones of its series, each refunded as a single cancel',
    errors: { 404: 'No such class.', 409: 'The class belongs to no series.' },
    params: idParamSchema,
    response: { 200: followingCancelledResponseSchema },
  },

  adminClosedDays: {
    method: 'GET',
    path: 'admin-closed-days',
    auth: 'admin',
    tag: 'admin: schedules',
    summary: "The school's closed days, soonest first (days in the school's time zone)",
    errors: {},
    response: { 200: closedDayListResponseSchema },
  },

  adminClosedDayClasses: {
    method: 'GET',
    path: 'admin-closed-days/classes',
    auth: 'admin',
    tag: 'admin: schedules',
    summary:
      'The classes still on a day, with their booked seats: what closing it would reach; nothing changes',
    errors: {},
    query: closedDayClassesQuerySchema,
    response: { 200: closedDayClassesResponseSchema },
  },

  adminClosedDayCreate: {
    method: 'POST',
    path: 'admin-closed-days',
    auth: 'admin',
    tag: 'admin: schedules',
    summary:
      'Add a closed day; with cancel_classes, every class still on it is cancelled as Cancel class does (refunds and mails)',
    errors: { 409: 'The day is already closed.' },
    body: closedDayBodySchema,
    response: { 201: closedDayCreatedResponseSchema },
  },

  adminClosedDayRemove: {
    method: 'DELETE',
    path: 'admin-closed-days/:id',
    auth: 'admin',
    tag: 'admin: schedules',
    summary: 'Remove a closed day: the school is open that day again (cancelled classes stay cancelled)',
    errors: { 404: 'No such closed day.' },
    params: idParamSchema,
    response: { 200: okSchema },
  },

  adminScheduleRoster: {
    method: 'GET',
    path: 'admin-course-schedule/:id/roster',
    auth: 'admin',
    tag: 'admin: schedules',
    summary:
      "A class's bookings on screen, active first: learner, state, credits taken and attendance, with the school's time zone",
    errors: { 404: 'No such class.' },
    params: idParamSchema,
    response: { 200: adminClassRosterResponseSchema },
  },

  adminScheduleRosterAdd: {
    method: 'POST',
    path: 'admin-course-schedule/:id/roster',
    auth: 'admin',
    tag: 'admin: schedules',
    summary:
      "Add a learner to a class: the class's credits taken as a booking takes them, or free with a reason; the learner is mailed",
    errors: {
      404: 'No such class, or no such learner.',
      409: 'The class is full, cancelled or started, the learner already has a place in it, is disabled, or their credits are short.',
    },
    params: idParamSchema,
    body: rosterAddBodySchema,
    response: { 200: bookingResponseSchema },
  },

  adminScheduleMessage: {
    method: 'POST',
    path: 'admin-course-schedule/:id/message',
    auth: 'admin',
    tag: 'admin: schedules',
    summary: 'Message the class: one mail with the subject and text to each learner booked on it',
    errors: { 404: 'No such class.', 409: 'Nobody is booked on the class.' },
    params: idParamSchema,
    body: classMessageBodySchema,
    response: { 200: classMessageResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
