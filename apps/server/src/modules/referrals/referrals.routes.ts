import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { ReferralService } from './referrals-service';

export const referralsRoutes: FastifyPluginAsyncZod<{ referrals: ReferralService }> = async (
  app,
  { referrals },
) => {
  app.route({
    ...endpoint('sponsorLookup'),
    handler: async (request) => ({ data: await referrals.lookup(request.params.url_name) }),
  });

  app.route({
    ...endpoint('userReferrals'),
    handler: async (request) => ({ data: await referrals.forAccount(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('userUrlName'),
    handler: async (request) => ({
      data: await referrals.chooseUrlName(currentSession(request).user.id, request.body.url_name),
    }),
  });

  app.route({
    ...endpoint('adminReferrals'),
    handler: async (request) => ({ data: await referrals.adminList(request.query.page) }),
  });

  app.route({
    ...endpoint('adminReferralDecision'),
    handler: async (request) => ({
      data: await referrals.decide(currentSession(request).user.id, request.params.id, request.body),
    }),
  });

  app.route({
    ...endpoint('adminUserReferrals'),
    handler: async (request) => ({ data: await referrals.aroundUser(request.params.id) }),
  });
};
