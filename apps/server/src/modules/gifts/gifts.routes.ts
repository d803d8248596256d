import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { GiftService } from './gifts-service';

export const giftsRoutes: FastifyPluginAsyncZod<{ gifts: GiftService }> = async (app, { gifts }) => {
  app.route({
    ...endpoint('userGifts'),
    handler: async (request) => ({ data: await gifts.bought(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('redeemGift'),
    handler: async (request) => ({
      data: await gifts.redeem(currentSession(request).user.id, request.body.code),
    }),
  });
};
