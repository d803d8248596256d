import { idParamSchema, pageQuerySchema } from '@tokenly/contract/common';
import {
  levelSuggestionBodySchema,
  levelSuggestionResponseSchema,
  levelSuggestionsResponseSchema,
} from '@tokenly/contract/levels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { LevelSuggestionsService } from './level-suggestions-service';

export const levelSuggestionsRoutes: FastifyPluginAsyncZod<{ suggestions: LevelSuggestionsService }> = async (
  app,
  { suggestions },
) => {
  const admin = app.requireRole('admin');
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).user.id;

  app.route({
    ...endpoint('teacherLevelSuggestion'),
    onRequest: app.requireRole('teacher'),
    schema: {
      params: idParamSchema,
      body: levelSuggestionBodySchema,
      response: { 200: levelSuggestionResponseSchema },
    },
    handler: async (request) => suggestions.suggest(me(request), request.params.id, request.body),
  });

  app.route({
    ...endpoint('adminLevelSuggestions'),
    onRequest: admin,
    schema: { querystring: pageQuerySchema, response: { 200: levelSuggestionsResponseSchema } },
    handler: async (request) => ({ data: await suggestions.pending(request.query.page) }),
  });

  app.route({
    ...endpoint('adminLevelSuggestionAccept'),
    onRequest: admin,
    schema: { params: idParamSchema, response: { 200: levelSuggestionResponseSchema } },
    handler: async (request) => suggestions.accept(me(request), request.params.id),
  });

  app.route({
    ...endpoint('adminLevelSuggestionDecline'),
    onRequest: admin,
    schema: { params: idParamSchema, response: { 200: levelSuggestionResponseSchema } },
    handler: async (request) => suggestions.decline(me(request), request.params.id),
  });
};
