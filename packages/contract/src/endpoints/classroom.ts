import { bbbAnalyticsBodySchema, bbbEndedQuerySchema, classJoinResponseSchema } from '../classroom.ts';
import { idParamSchema, okSchema } from '../common.ts';
import type { EndpointSpec } from './spec.ts';

export const classroomEndpoints = {
  classJoin: {
    method: 'POST',
    path: 'class/:id/join',
    auth: 'any',
    tag: 'classroom',
    summary:
      "The address of a class's video room for its booked learner or its teacher, from the link's release time; the press is recorded for attendance",
    errors: {
      404: 'No such class, or the signed-in user is neither booked on it nor its teacher.',
      409: 'The link is not released yet, the class was cancelled or has ended, or it has no room or link.',
    },
    params: idParamSchema,
    response: { 200: classJoinResponseSchema },
  },

  classroomBbbEnded: {
    method: 'GET',
    path: 'classroom/bbb/ended',
    auth: 'public',
    tag: 'classroom',
    summary: "BigBlueButton's end-of-meeting callback: the class's room is recorded as ended",
    errors: { 404: 'No room has this name and token.' },
    query: bbbEndedQuerySchema,
    response: { 200: okSchema },
  },

  classroomBbbAnalytics: {
    method: 'POST',
    path: 'classroom/bbb/analytics',
    auth: 'public',
    tag: 'classroom',
    summary:
      "BigBlueButton's attendance report at a meeting's end: the booked learners who were there pre-fill the roster",
    errors: {
      401: 'The bearer token is missing or not signed with the shared secret.',
      404: 'No room of this school has this meeting id.',
    },
    body: bbbAnalyticsBodySchema,
    response: { 200: okSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
