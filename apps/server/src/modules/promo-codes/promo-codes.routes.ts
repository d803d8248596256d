import { idParamSchema, pageQuerySchema } from '@tokenly/contract/common';
import {
  promoCodeBodySchema,
  promoCodeCheckBodySchema,
  promoCodePageResponseSchema,
  promoCodeResponseSchema,
  promoQuoteResponseSchema,
} from '@tokenly/contract/promo-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { FailureLimiter } from '../../plugins/rate-limit';
import { isPromoCodeRefusal, type PromoCodesService } from './promo-codes-service';

export const promoCodesRoutes: FastifyPluginAsyncZod<{
  promoCodes: PromoCodesService;
  codeGuesses: FailureLimiter;
}> = async (app, { promoCodes, codeGuesses }) => {
  const onRequest = app.requireRole('admin');

  app.route({
    ...endpoint('adminPromoCodes'),
    onRequest,
    schema: { querystring: pageQuerySchema, response: { 200: promoCodePageResponseSchema } },
    handler: async (request) => ({ data: await promoCodes.adminList(request.query.page) }),
  });

  app.route({
    ...endpoint('adminPromoCode'),
    onRequest,
    schema: { params: idParamSchema, response: { 200: promoCodeResponseSchema } },
    handler: async (request) => ({ data: await promoCodes.adminGet(request.params.id) }),
  });

  app.route({
    ...endpoint('adminPromoCodeCreate'),
    onRequest,
    schema: { body: promoCodeBodySchema, response: { 201: promoCodeResponseSchema } },
    handler: async (request, reply) =>
      reply.status(201).send({ data: await promoCodes.create(request.body) }),
  });

  app.route({
    ...endpoint('adminPromoCodeUpdate'),
    onRequest,
    schema: { params: idParamSchema, body: promoCodeBodySchema, response: { 200: promoCodeResponseSchema } },
    handler: async (request) => ({ data: await promoCodes.update(request.params.id, request.body) }),
  });

  app.route({
    ...endpoint('promoCodeCheck'),
    onRequest: app.requireRole('user'),
    schema: { body: promoCodeCheckBodySchema, response: { 200: promoQuoteResponseSchema } },
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
