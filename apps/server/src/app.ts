import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env';
import type { DatabaseHandle } from './db/client';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth-service';
import { healthRoutes } from './modules/health/health.routes';
import { tokenPlansRoutes } from './modules/token-plans/token-plans.routes';
import { createTokenPlansService } from './modules/token-plans/token-plans-service';
import { registerAuth } from './plugins/auth';
import {
  BODY_LIMIT_BYTES,
  errorBody,
  registerErrorHandler,
  registerJsonBodyParser,
} from './plugins/error-handler';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security';
import { registerSwagger } from './plugins/swagger';
import { registerWebApp } from './plugins/web-app';

export type App = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The whole HTTP application on an open database; server.ts listens with it, tests inject into it. */
export async function buildApp(config: AppConfig, database: DatabaseHandle): Promise<App> {
  const app: App = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  await registerSecurityHeaders(app);
  await registerRateLimit(app);
  await registerSwagger(app);

  const auth = createAuthService(database.db);
  const tokenPlans = createTokenPlansService(database.db);
  await registerAuth(app, { auth });

  await app.register(
    async (api) => {
      api.setNotFoundHandler((request, reply) => {
        const path = request.url.split('?')[0] ?? request.url;
        return reply.status(404).send(errorBody(`Unknown API call: ${request.method} ${path}`));
      });
      await api.register(healthRoutes, { database });
      await api.register(authRoutes, { auth, loginRateLimit: config.rateLimits.login });
      await api.register(tokenPlansRoutes, { tokenPlans });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, { distDir: config.webDistDir });
  return app;
}
