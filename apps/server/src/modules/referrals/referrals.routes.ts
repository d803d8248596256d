import { idParamSchema, pageQuerySchema } from '@tokenly/contract/common';
import {
  adminReferralDecisionBodySchema,
  adminReferralResponseSchema,
  adminReferralsResponseSchema,
  adminUserReferralsResponseSchema,
  sponsorInfoResponseSchema,
  sponsorParamSchema,
  userReferralsResponseSchema,
  userUrlNameBodySchema,
} from '@tokenly/contract/referrals';
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
    schema: { params: sponsorParamSchema, response: { 200: sponsorInfoResponseSchema } },
    handler: async (request) => ({ data: await referrals.lookup(request.params.url_name) }),
  });

  app.route({
    ...endpoint('userReferrals'),
    onRequest: app.requireAuth,
    schema: { response: { 200: userReferralsResponseSchema } },
    handler: async (request) => ({ data: await referrals.forAccount(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('userUrlName'),
    onRequest: app.requireAuth,
    schema: { body: userUrlNameBodySchema, response: { 200: userReferralsResponseSchema } },
    handler: async (request) => ({
      data: await referrals.chooseUrlName(currentSession(request).user.id, request.body.url_name),
    }),
  });

  app.route({
    ...endpoint('adminReferrals'),
    onRequest: app.requireRole('admin'),
    schema: { querystring: pageQuerySchema, response: { 200: adminReferralsResponseSchema } },
    handler: async (request) => ({ data: await referrals.adminList(request.query.page) }),
  });

  app.route({
    ...endpoint('adminReferralDecision'),
    onRequest: app.requireRole('admin'),
    schema: {
      params: idParamSchema,
      body: adminReferralDecisionBodySchema,
      response: { 200: adminReferralResponseSchema },
    },
    handler: async (request) => ({
      data: await referrals.decide(currentSession(request).user.id, request.params.id, request.body),
    }),
  });

  app.route({
    ...endpoint('adminUserReferrals'),
    onRequest: app.requireRole('admin'),
    schema: { params: idParamSchema, response: { 200: adminUserReferralsResponseSchema } },
    handler: async (request) => ({ data: await referrals.aroundUser(request.params.id) }),
  });
};
