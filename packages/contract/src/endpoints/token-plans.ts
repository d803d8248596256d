import { idParamSchema, pageQuerySchema } from '../common.ts';
import {
  tokenPlanAddBodySchema,
  tokenPlanEditBodySchema,
  tokenPlanListResponseSchema,
  tokenPlanPageResponseSchema,
  tokenPlanResponseSchema,
} from '../token-plans.ts';
import type { EndpointSpec } from './spec.ts';

export const tokenPlansEndpoints = {
  membershipTokens: {
    method: 'GET',
    path: 'get-membership-token',
    auth: 'public',
    tag: 'token plans',
    summary: 'Token packages and memberships on sale; amount in USD',
    errors: {},
    response: { 200: tokenPlanListResponseSchema },
  },

  membershipToken: {
    method: 'GET',
    path: 'get-single-membership-token/:id',
    auth: 'public',
    tag: 'token plans',
    summary: 'One token plan on sale',
    errors: { 404: 'No such plan, or it is not on sale.' },
    params: idParamSchema,
    response: { 200: tokenPlanResponseSchema },
  },

  adminTokenPlans: {
    method: 'GET',
    path: 'admin-user-token',
    auth: 'admin',
    tag: 'admin: token plans',
    summary: 'Every token plan (retired ones too), 15 a page; amount in USD',
    errors: {},
    query: pageQuerySchema,
    response: { 200: tokenPlanPageResponseSchema },
  },

  adminTokenPlan: {
    method: 'GET',
    path: 'admin-user-token/:id',
    auth: 'admin',
    tag: 'admin: token plans',
    summary: 'One token plan, on sale or not',
    errors: { 404: 'No such plan.' },
    params: idParamSchema,
    response: { 200: tokenPlanResponseSchema },
  },

  adminTokenPlanCreate: {
    method: 'POST',
    path: 'admin-user-token',
    auth: 'admin',
    tag: 'admin: token plans',
    summary: 'Add a package or a membership (interval_months required for a membership)',
    errors: {},
    body: tokenPlanAddBodySchema,
    response: { 201: tokenPlanResponseSchema },
  },

  adminTokenPlanUpdate: {
    method: 'PUT',
    path: 'admin-user-token/:id',
    auth: 'admin',
    tag: 'admin: token plans',
    summary: 'Change title, credit, expiry (days) and optionally price (USD) and active (on sale)',
    errors: { 404: 'No such plan.' },
    params: idParamSchema,
    body: tokenPlanEditBodySchema,
    response: { 200: tokenPlanResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
