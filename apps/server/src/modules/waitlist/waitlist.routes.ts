import { idParamSchema } from '@tokenly/contract/common';
import {
  adminWaitlistRemoveResponseSchema,
  adminWaitlistResponseSchema,
  joinWaitlistBodySchema,
  joinWaitlistResponseSchema,
  leaveWaitlistResponseSchema,
  userWaitlistResponseSchema,
} from '@tokenly/contract/waitlist';
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
    onRequest: app.requireRole('user'),
    schema: { body: joinWaitlistBodySchema, response: { 200: joinWaitlistResponseSchema } },
    handler: async (request) => waitlist.join(currentSession(request).user, request.body),
  });

  app.route({
    ...endpoint('leaveWaitlist'),
    onRequest: app.requireRole('user'),
    schema: { params: idParamSchema, response: { 200: leaveWaitlistResponseSchema } },
    handler: async (request) => waitlist.leave(currentSession(request).user.id, request.params.id),
  });

  app.route({
    ...endpoint('userWaitlist'),
    onRequest: app.requireRole('user'),
    schema: { response: { 200: userWaitlistResponseSchema } },
    handler: async (request) => ({ data: await waitlist.listForUser(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('adminScheduleWaitlist'),
    onRequest: app.requireRole('admin'),
    schema: { params: idParamSchema, response: { 200: adminWaitlistResponseSchema } },
    handler: async (request) => ({ data: await waitlist.listForSchedule(request.params.id) }),
  });

  app.route({
    ...endpoint('adminWaitlistRemove'),
    onRequest: app.requireRole('admin'),
    schema: { params: idParamSchema, response: { 200: adminWaitlistRemoveResponseSchema } },
    handler: async (request) => waitlist.remove(request.params.id),
  });
};
