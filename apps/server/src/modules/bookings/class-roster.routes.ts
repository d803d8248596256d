import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { BookingsService } from './bookings-service';
import type { ClassRosterService } from './class-roster-service';

const sentMessage = (sent: number) => ({
  data: { sent },
  message: `Message sent to ${sent} ${sent === 1 ? 'learner' : 'learners'}.`,
});

/** The class screen's calls: its roster, adding and moving learners, and messages to the class. */
export const classRosterRoutes: FastifyPluginAsyncZod<{
  bookings: BookingsService;
  roster: ClassRosterService;
}> = async (app, { bookings, roster }) => {
  app.route({
    ...endpoint('adminScheduleRoster'),
    handler: async (request) => ({ data: await roster.roster(request.params.id) }),
  });

  app.route({
    ...endpoint('adminScheduleRosterAdd'),
    handler: async (request) => bookings.addLearner(request.params.id, request.body),
  });

  app.route({
    ...endpoint('adminBookingMove'),
    handler: async (request) => bookings.move(request.params.id, request.body),
  });

  app.route({
    ...endpoint('adminScheduleMessage'),
    handler: async (request) =>
      sentMessage(await roster.message(request.params.id, { role: 'admin' }, request.body)),
  });

  app.route({
    ...endpoint('teacherClassMessage'),
    handler: async (request) => {
      const { user } = currentSession(request);
      return sentMessage(
        await roster.message(
          request.params.id,
          { role: 'teacher', id: user.id, name: user.name },
          request.body,
        ),
      );
    },
  });
};
