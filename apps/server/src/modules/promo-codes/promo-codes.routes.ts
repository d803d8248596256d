import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { FailureLimiter } from '../../plugins/rate-limit';
import { isPromoCodeRefusal, type PromoCodesService } from './promo-codes-service';

export const promoCodesRoutes: FastifyPluginAsyncZod<{
  promoCodes: PromoCodesService;
  codeGuesses: FailureLimiter;
}> = async (app, { promoCodes, codeGuesses }) => {
  app.route({
    ...endpoint('adminPromoCodes'),
    handler: async (request) => ({ data: await promoCodes.adminList(request.query.page) }),
  });

  app.route({
    ...endpoint('adminPromoCode'),
    handler: async (request) => ({ data: await promoCodes.adminGet(request.params.id) }),
  });

  app.route({
    ...endpoint('adminPromoCodeCreate'),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await promoCodes.create(request.body) }),
  });

  app.route({
    ...endpoint('adminPromoCodeUpdate'),
    handler: async (request) => ({ data: await promoCodes.update(request.params.id, request.body) }),
  });

  app.route({
    ...endpoint('promoCodeCheck'),
    handler: async (request) => ({
      data: await codeGuesses(
        request,
        () =>
          promoCodes.quote(
            currentSession(request).user.id,
            request.body.code,
            request.body.user_credit_token_id,
          ),
        isPromoCodeRefusal,
      ),
    }),
  });
};
