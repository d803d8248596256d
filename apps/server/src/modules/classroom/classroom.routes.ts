import {
  bbbAnalyticsBodySchema,
  bbbEndedQuerySchema,
  classJoinResponseSchema,
} from '@tokenly/contract/classroom';
import { idParamSchema, okSchema } from '@tokenly/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { ClassroomService } from './classroom-service';

export const classroomRoutes: FastifyPluginAsyncZod<{ classroom: ClassroomService }> = async (
  app,
  { classroom },
) => {
  app.route({
    ...endpoint('classJoin'),
    onRequest: app.requireAuth,
    schema: { params: idParamSchema, response: { 200: classJoinResponseSchema } },
    handler: async (request) => {
      const { user } = currentSession(request);
      return { data: await classroom.join(request.params.id, { id: user.id, name: user.name }) };
    },
  });

  app.route({
    ...endpoint('classroomBbbEnded'),
    // BigBlueButton's own call: it adds meetingID and recordingmarks to the address we gave it.
    schema: { querystring: bbbEndedQuerySchema, response: { 200: okSchema } },
    handler: async (request) => {
      await classroom.bbbEnded(request.query);
      return { data: { ok: true as const } };
    },
  });

  app.route({
    ...endpoint('classroomBbbAnalytics'),
    // Signed by BigBlueButton with a bearer token of its own, not a session of this site.
    schema: { body: bbbAnalyticsBodySchema, response: { 200: okSchema } },
    handler: async (request) => {
      await classroom.bbbAttendance(request.headers.authorization, request.body);
      return { data: { ok: true as const } };
    },
  });
};
