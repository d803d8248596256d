import { z } from 'zod';
import {
  calendarFeedParamsSchema,
  calendarFeedResetResponseSchema,
  calendarFeedResponseSchema,
} from '../calendar-feed.ts';
import type { EndpointSpec } from './spec.ts';

export const calendarFeedEndpoints = {
  calendarFeed: {
    method: 'GET',
    path: 'calendar-feed',
    auth: 'any',
    tag: 'calendar feed',
    summary:
      "The signed-in account's private calendar subscription address (https and webcal://): a learner's booked classes, a teacher's classes",
    errors: {},
    response: { 200: calendarFeedResponseSchema },
  },

  calendarFeedReset: {
    method: 'POST',
    path: 'calendar-feed/reset',
    auth: 'any',
    tag: 'calendar feed',
    summary: 'A new private calendar address; the old one answers 404 from now on',
    errors: {},
    response: { 200: calendarFeedResetResponseSchema },
  },

  calendarFeedFile: {
    method: 'GET',
    path: 'calendar-feed/:token',
    auth: 'public',
    tag: 'calendar feed',
    summary:
      "A learner's booked classes, or a teacher's classes with the number of learners booked (still to come and the last 30 days), as iCalendar for calendar apps to subscribe to; cancelled ones stay with STATUS:CANCELLED under the same UID",
    errors: { 404: 'No feed has this address (never made, or reset since).' },
    mediaType: 'text/calendar',
    params: calendarFeedParamsSchema,
    response: { 200: z.string() },
  },
} as const satisfies Record<string, EndpointSpec>;
