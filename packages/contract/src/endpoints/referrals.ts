import { idParamSchema, pageQuerySchema } from '../common.ts';
import {
  adminReferralDecisionBodySchema,
  adminReferralResponseSchema,
  adminReferralsResponseSchema,
  adminUserReferralsResponseSchema,
  sponsorInfoResponseSchema,
  sponsorParamSchema,
  userReferralsResponseSchema,
  userUrlNameBodySchema,
} from '../referrals.ts';
import type { EndpointSpec } from './spec.ts';

export const referralsEndpoints = {
  sponsorLookup: {
    method: 'GET',
    path: 'sponsor/:url_name',
    auth: 'public',
    tag: 'referrals',
    summary: "The sponsor behind a URL name (name, id, role) and the school's offer for invited friends",
    errors: { 404: 'No account has this URL name.' },
    params: sponsorParamSchema,
    response: { 200: sponsorInfoResponseSchema },
  },

  userReferrals: {
    method: 'GET',
    path: 'user-referrals',
    auth: 'any',
    tag: 'referrals',
    summary: "The account's URL name and sponsor link, the offer, and each invited friend with their state",
    errors: {},
    response: { 200: userReferralsResponseSchema },
  },

  userUrlName: {
    method: 'POST',
    path: 'user-url-name',
    auth: 'any',
    tag: 'referrals',
    summary: 'Choose the URL name of the sponsor link, once',
    errors: { 409: 'The URL name was already chosen, or another account has it.' },
    body: userUrlNameBodySchema,
    response: { 200: userReferralsResponseSchema },
  },

  adminReferrals: {
    method: 'GET',
    path: 'admin-referrals',
    auth: 'admin',
    tag: 'admin: referrals',
    summary: 'Every referral with its state, newest first, and the totals of the last 12 months',
    errors: {},
    query: pageQuerySchema,
    response: { 200: adminReferralsResponseSchema },
  },

  adminReferralDecision: {
    method: 'POST',
    path: 'admin-referral/:id/decision',
    auth: 'admin',
    tag: 'admin: referrals',
    summary: 'Approve or reject a held referral, with a reason',
    errors: { 404: 'No such referral.', 409: 'The referral is not held.' },
    params: idParamSchema,
    body: adminReferralDecisionBodySchema,
    response: { 200: adminReferralResponseSchema },
  },

  adminUserReferrals: {
    method: 'GET',
    path: 'admin-user-referrals/:id',
    auth: 'admin',
    tag: 'admin: referrals',
    summary: 'Who sponsored a learner and whom they sponsored',
    errors: { 404: 'No such user.' },
    params: idParamSchema,
    response: { 200: adminUserReferralsResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
