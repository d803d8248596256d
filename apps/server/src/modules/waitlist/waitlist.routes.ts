import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { WaitlistService } from './waitlist-service';

export const waitlistRoutes: FastifyPluginAsyncZod<{ waitlist: WaitlistService }> = async (
  app,
  { waitlist },
) => {
  app.route({
    ...endpoint('joinWaitlist'),
    handler: async (request) => waitlist.join(currentSession(request).user, request.body),
  });

  app.route({
    ...endpoint('leaveWaitlist'),
    handler: async (request) => waitlist.leave(currentSession(request).user.id, request.params.id),
  });

  app.route({
    ...endpoint('userWaitlist'),
    handler: async (request) => ({ data: await waitlist.listForUser(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('adminScheduleWaitlist'),
    handler: async (request) => ({ data: await waitlist.listForSchedule(request.params.id) }),
  });

  app.route({
    ...endpoint('adminWaitlistRemove'),
    handler: async (request) => waitlist.remove(request.params.id),
  });
};
