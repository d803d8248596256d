import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../app';
import { SESSION_COOKIE } from './auth';

const DOCS_PREFIX = '/api/docs';

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs (DESIGN.md section 5). */
export async function registerSwagger(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tokenly English API',
        description:
          'Every success body is `{ data }`; every error body is `{ message, errorMessage, errors? }`. ' +
          `Authenticate with \`Authorization: Bearer <access_token>\` or the \`${SESSION_COOKIE}\` cookie; ` +
          'cookie-authenticated writes must send `X-Requested-With: XMLHttpRequest`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
