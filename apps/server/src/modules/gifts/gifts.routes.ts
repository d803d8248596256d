import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { FailureLimiter } from '../../plugins/rate-limit';
import { type GiftService, isGiftCodeRefusal } from './gifts-service';

export const giftsRoutes: FastifyPluginAsyncZod<{ gifts: GiftService; codeGuesses: FailureLimiter }> = async (
  app,
  { gifts, codeGuesses },
) => {
  app.route({
    ...endpoint('userGifts'),
    handler: async (request) => ({ data: await gifts.bought(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('redeemGift'),
    handler: async (request) => ({
      data: await codeGuesses(
        request,
        () => gifts.redeem(currentSession(request).user.id, request.body.code),
        isGiftCodeRefusal,
      ),
    }),
  });
};
