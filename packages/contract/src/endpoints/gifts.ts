import { redeemGiftBodySchema, redeemGiftResponseSchema, userGiftsResponseSchema } from '../gifts.ts';
import type { EndpointSpec } from './spec.ts';

export const giftsEndpoints = {
  userGifts: {
    method: 'GET',
    path: 'user-gifts',
    auth: 'user',
    tag: 'gifts',
    summary: 'The gifts the learner bought, newest first, each with its state',
    errors: {},
    response: { 200: userGiftsResponseSchema },
  },

  redeemGift: {
    method: 'POST',
    path: 'gift-redeem',
    auth: 'user',
    tag: 'gifts',
    summary: "Redeem a gift code: its package's credits, valid from now for the package's days",
    errors: { 404: 'No gift has this code.', 409: 'The gift was redeemed already, or refunded.' },
    body: redeemGiftBodySchema,
    response: { 200: redeemGiftResponseSchema },
    rateLimited: true,
  },
} as const satisfies Record<string, EndpointSpec>;
