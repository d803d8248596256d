import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_TAGS, ENDPOINTS, type EndpointSpec } from '@tokenly/contract/endpoints';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { App } from '../app-type';
import { SESSION_COOKIE } from './auth';
import { describeOperation, endpointNameOf } from './openapi-operation';

const DOCS_PREFIX = '/api/docs';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type TransformObjectInput = Parameters<typeof jsonSchemaTransformObject>[0];

/** Every API route is a call of ENDPOINTS, which says what its zod schemas cannot. */
function transformRoute(input: TransformInput) {
  const { url, route } = input;
  const name = endpointNameOf(route.method, url);
  if (!name) {
    if (url.startsWith('/api/') && !input.schema?.hide) {
      throw new Error(`${route.method} ${url} is not in ENDPOINTS (packages/contract/src/endpoints.ts)`);
    }
    return jsonSchemaTransform(input);
  }
  const transformed = jsonSchemaTransform({ ...input, schema: describeOperation(name, input.schema ?? {}) });
  // A file upload's body is the file itself, which no zod schema of the route describes.
  const spec: EndpointSpec = ENDPOINTS[name];
  if (spec.fileUpload) {
    return {
      ...transformed,
      schema: { ...transformed.schema, body: FILE_BODY, consumes: [FILE_MEDIA_TYPE] },
    };
  }
  return transformed;
}

const FILE_MEDIA_TYPE = 'application/octet-stream';
const FILE_BODY = { type: 'string', format: 'binary', description: 'The file itself.' };

/** The zod registry's components, less those no operation refers to (an input twin of an output one). */
function transformDocument(input: TransformObjectInput) {
  const document = jsonSchemaTransformObject(input);
  const schemas = 'components' in document ? document.components?.schemas : undefined;
  const text = JSON.stringify(document.paths);
  for (const id of Object.keys(schemas ?? {})) {
    // A fresh object of this call, so trimming it in place touches nothing shared.
    if (!text.includes(`"#/components/schemas/${id}"`)) delete schemas?.[id];
  }
  return document;
}

/** OpenAPI generated from ENDPOINTS and the routes' zod schemas, browsable at /api/docs (DESIGN.md section 5). */
export async function registerSwagger(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tokenly English API',
        description:
          'Every success body is `{ data }`; every error body is `{ message, errorMessage, errors? }`. ' +
          `Authenticate with \`Authorization: Bearer <access_token>\` or the \`${SESSION_COOKIE}\` cookie; ` +
          'cookie-authenticated writes must send `X-Requested-With: XMLHttpRequest`. ' +
          'Each operation lists every status it answers.',
        version: '1.0.0',
      },
      // Relative: the API is served by the same origin as this document, wherever the school runs it.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The access_token of a login answer.' },
          cookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'Set by a login answer (httpOnly).',
          },
        },
      },
    },
    transform: transformRoute,
    transformObject: transformDocument,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
