import { idParamSchema } from '../common.ts';
import {
  adminWaitlistRemoveResponseSchema,
  adminWaitlistResponseSchema,
  joinWaitlistBodySchema,
  joinWaitlistResponseSchema,
  leaveWaitlistResponseSchema,
  userWaitlistResponseSchema,
} from '../waitlist.ts';
import type { EndpointSpec } from './spec.ts';

export const waitlistEndpoints = {
  joinWaitlist: {
    method: 'POST',
    path: 'join-waitlist',
    auth: 'user',
    tag: 'waitlist',
    summary:
      "Join the waitlist of a full class; needs the class's credits in balance (a club class: a Club pass covering it) but takes none",
    errors: {
      404: 'No such class.',
      409: 'The class has free seats, is cancelled, started or its waitlist closed, is already booked or joined, or the credits (or the Club pass) are short.',
    },
    body: joinWaitlistBodySchema,
    response: { 200: joinWaitlistResponseSchema },
  },

  leaveWaitlist: {
    method: 'POST',
    path: 'leave-waitlist/:id',
    auth: 'user',
    tag: 'waitlist',
    summary: 'Leave the waitlist of a class (id of the class); the others keep their order',
    errors: { 404: 'The learner is not waiting for this class.' },
    params: idParamSchema,
    response: { 200: leaveWaitlistResponseSchema },
  },

  userWaitlist: {
    method: 'GET',
    path: 'user-waitlist',
    auth: 'user',
    tag: 'waitlist',
    summary: "The learner's places on waitlists of classes still to come, with their position",
    errors: {},
    response: { 200: userWaitlistResponseSchema },
  },

  adminScheduleWaitlist: {
    method: 'GET',
    path: 'admin-course-schedule/:id/waitlist',
    auth: 'admin',
    tag: 'waitlist',
    summary: 'The waitlist of a class in order, with when each learner joined',
    errors: { 404: 'No such class.' },
    params: idParamSchema,
    response: { 200: adminWaitlistResponseSchema },
  },

  adminWaitlistRemove: {
    method: 'POST',
    path: 'admin-waitlist/:id/remove',
    auth: 'admin',
    tag: 'waitlist',
    summary: 'Take a learner off a waitlist (id of the place in line); the others keep their order',
    errors: { 404: 'No such learner waiting.' },
    params: idParamSchema,
    response: { 200: adminWaitlistRemoveResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
