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
    handler: async (request) => {
      const { user } = currentSession(request);
      return { data: await classroom.join(request.params.id, { id: user.id, name: user.name }) };
    },
  });

  app.route({
    ...endpoint('classroomBbbEnded'),
    // BigBlueButton's own call: it adds meetingID and recordingmarks to the address we gave it.
    handler: async (request) => {
      await classroom.bbbEnded(request.query);
      return { data: { ok: true as const } };
    },
  });

  app.route({
    ...endpoint('classroomBbbAnalytics'),
    // Signed by BigBlueButton with a bearer token of its own, not a session of this site.
    handler: async (request) => {
      await classroom.bbbAttendance(request.headers.authorization, request.body);
      return { data: { ok: true as const } };
    },
  });
};
