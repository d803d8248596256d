import { idParamSchema, pageQuerySchema } from '../common.ts';
import { promoCodeBodySchema, promoCodePageResponseSchema, promoCodeResponseSchema } from '../promo-codes.ts';
import type { EndpointSpec } from './spec.ts';

export const promoCodesEndpoints = {
  adminPromoCodes: {
    method: 'GET',
    path: 'admin-promo-codes',
    auth: 'admin',
    tag: 'admin: promo codes',
    summary: 'Every promo code, newest first, 15 a page, with its uses so far',
    errors: {},
    query: pageQuerySchema,
    response: { 200: promoCodePageResponseSchema },
  },

  adminPromoCode: {
    method: 'GET',
    path: 'admin-promo-code/:id',
    auth: 'admin',
    tag: 'admin: promo codes',
    summary: 'One promo code',
    errors: { 404: 'No such promo code.' },
    params: idParamSchema,
    response: { 200: promoCodeResponseSchema },
  },

  adminPromoCodeCreate: {
    method: 'POST',
    path: 'admin-promo-codes',
    auth: 'admin',
    tag: 'admin: promo codes',
    summary: 'Add a promo code: percent or amount off, plans, first purchase only, dates and use limits',
    errors: { 409: 'Another promo code has this code.' },
    body: promoCodeBodySchema,
    response: { 201: promoCodeResponseSchema },
  },

  adminPromoCodeUpdate: {
    method: 'PUT',
    path: 'admin-promo-code/:id',
    auth: 'admin',
    tag: 'admin: promo codes',
    summary: 'Change a promo code; active: false deactivates it (checkouts already holding it may finish)',
    errors: { 404: 'No such promo code.', 409: 'Another promo code has this code.' },
    params: idParamSchema,
    body: promoCodeBodySchema,
    response: { 200: promoCodeResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
