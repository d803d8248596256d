import {
  adminClubPassEndBodySchema,
  adminClubPassGrantBodySchema,
  adminClubPassResponseSchema,
  userClubPassResponseSchema,
} from '../club-pass.ts';
import { idParamSchema, pageQuerySchema } from '../common.ts';
import {
  adminCreditAdjustmentBodySchema,
  adminCreditAdjustmentResponseSchema,
  adminUserCreditsResponseSchema,
  creditSummaryResponseSchema,
  userCreditHistoryResponseSchema,
  userCreditsResponseSchema,
  userTokenResponseSchema,
} from '../credits.ts';
import type { EndpointSpec } from './spec.ts';

export const creditsEndpoints = {
  userToken: {
    method: 'GET',
    path: 'get-user-token',
    auth: 'user',
    tag: 'credits',
    summary: "The learner's usable credits (SPEC.md: data is the number)",
    errors: {},
    response: { 200: userTokenResponseSchema },
  },

  userCreditSummary: {
    method: 'GET',
    path: 'user-credit-summary',
    auth: 'user',
    tag: 'credits',
    summary: 'Balance and the credits that expire next',
    errors: {},
    response: { 200: creditSummaryResponseSchema },
  },

  userCredits: {
    method: 'GET',
    path: 'user-credits',
    auth: 'user',
    tag: 'credits',
    summary: 'Balance, next expiry and each usable lot with its source, remaining credits and days left',
    errors: {},
    response: { 200: userCreditsResponseSchema },
  },

  userCreditHistory: {
    method: 'GET',
    path: 'user-credit-history',
    auth: 'user',
    tag: 'credits',
    summary: "Every movement of the learner's credits with its class or plan, newest first, 15 a page",
    errors: {},
    query: pageQuerySchema,
    response: { 200: userCreditHistoryResponseSchema },
  },

  adminUserCredits: {
    method: 'GET',
    path: 'admin-user-credits/:id',
    auth: 'admin',
    tag: 'credits',
    summary: "A user's balance, next expiry and last 50 ledger rows",
    errors: { 404: 'No such user.' },
    params: idParamSchema,
    response: { 200: adminUserCreditsResponseSchema },
  },

  adminUserCreditsAdjust: {
    method: 'POST',
    path: 'admin-user-credits/:id',
    auth: 'admin',
    tag: 'credits',
    summary: 'Grant (delta > 0) or remove (delta < 0) credits with a reason',
    errors: {
      404: 'No such user.',
      422: 'Also when removing more than the balance, or when the user is not a learner.',
    },
    params: idParamSchema,
    body: adminCreditAdjustmentBodySchema,
    response: { 200: adminCreditAdjustmentResponseSchema },
  },

  userClubPass: {
    method: 'GET',
    path: 'user-club-pass',
    auth: 'user',
    tag: 'credits',
    summary:
      "The learner's Conversation Club pass (from, until, days left, where it came from) and the club sessions a week it allows",
    errors: {},
    response: { 200: userClubPassResponseSchema },
  },

  adminUserClubPass: {
    method: 'GET',
    path: 'admin-user-club-pass/:id',
    auth: 'admin',
    tag: 'credits',
    summary: "A learner's Conversation Club pass and its whole history: granted, extended, ended, refunded",
    errors: { 404: 'No such learner.' },
    params: idParamSchema,
    response: { 200: adminClubPassResponseSchema },
  },

  adminUserClubPassGrant: {
    method: 'POST',
    path: 'admin-user-club-pass/:id/grant',
    auth: 'admin',
    tag: 'credits',
    summary: 'Grant Conversation Club pass days with a reason: from now, or added to a running pass',
    errors: { 404: 'No such learner.' },
    params: idParamSchema,
    body: adminClubPassGrantBodySchema,
    response: { 200: adminClubPassResponseSchema },
  },

  adminUserClubPassEnd: {
    method: 'POST',
    path: 'admin-user-club-pass/:id/end',
    auth: 'admin',
    tag: 'credits',
    summary: "End a learner's Conversation Club pass now, with a reason; classes already booked with it stay",
    errors: { 404: 'No such learner.', 409: 'The learner has no running pass.' },
    params: idParamSchema,
    body: adminClubPassEndBodySchema,
    response: { 200: adminClubPassResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
