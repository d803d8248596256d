import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { LevelSuggestionsService } from './level-suggestions-service';

export const levelSuggestionsRoutes: FastifyPluginAsyncZod<{ suggestions: LevelSuggestionsService }> = async (
  app,
  { suggestions },
) => {
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).user.id;

  app.route({
    ...endpoint('teacherLevelSuggestion'),
    handler: async (request) => suggestions.suggest(me(request), request.params.id, request.body),
  });

  app.route({
    ...endpoint('adminLevelSuggestions'),
    handler: async (request) => ({ data: await suggestions.pending(request.query.page) }),
  });

  app.route({
    ...endpoint('adminLevelSuggestionAccept'),
    handler: async (request) => suggestions.accept(me(request), request.params.id),
  });

  app.route({
    ...endpoint('adminLevelSuggestionDecline'),
    handler: async (request) => suggestions.decline(me(request), request.params.id),
  });
};
