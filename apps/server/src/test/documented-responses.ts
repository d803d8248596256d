import { ENDPOINTS, type EndpointName } from '@tokenly/contract/endpoints';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app-type';
import { endpointNameOf } from '../plugins/openapi-operation';

// Judges real answers by the OpenAPI document the server publishes: a status the operation does not list,
// a media type it does not list, or a body its schema refuses is a broken promise to generated clients.

type MediaTypes = Record<string, { schema?: object }>;
type Answer = { status: number; contentType: string; body: string };
type Operation = {
  responses: Record<string, { content?: MediaTypes }>;
  requestBody?: { content?: MediaTypes };
  parameters?: { in: string; name: string; schema?: object }[];
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components?: object };

const DOCUMENT_ID = 'openapi.json';

export async function fetchOpenApiDocument(app: App): Promise<OpenApiDocument> {
  return (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
}

/** The document's key of a call: `/api/booking-ics/{id}` for `booking-ics/:id`. */
export function documentedPath(name: EndpointName): string {
  return `/api/${ENDPOINTS[name].path.replace(/:(\w+)/g, '{$1}')}`;
}

/** The JSON body fields the document publishes for a call, each with its schema ({} without a body). */
export function documentedBodyFields(document: OpenApiDocument, name: EndpointName): Record<string, object> {
  const operation = document.paths[documentedPath(name)]?.[ENDPOINTS[name].method.toLowerCase()];
  const schema = operation?.requestBody?.content?.['application/json']?.schema as
    | { properties?: Record<string, object> }
    | undefined;
  return schema?.properties ?? {};
}

/** The query parameters the document publishes for a call, each with its schema. */
export function documentedQueryParameters(
  document: OpenApiDocument,
  name: EndpointName,
): Record<string, object> {
  const operation = document.paths[documentedPath(name)]?.[ENDPOINTS[name].method.toLowerCase()];
  return Object.fromEntries(
    (operation?.parameters ?? [])
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => [parameter.name, parameter.schema ?? {}]),
  );
}

function compileDocumentedResponses(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // The components are reached from every schema as openapi.json#/components/...
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components ?? {} });
  // By the schema's text: most calls share their error answers' schemas, compiled once for all of them.
  const validators = new Map<string, ValidateFunction>();
  // And by the schema object itself, so an answer costs no serialising of its schema.
  const validatorOfSchema = new WeakMap<object, ValidateFunction>();

  function validatorFor(schema: object): ValidateFunction {
    const known = validatorOfSchema.get(schema);
    if (known) return known;
    const rooted = JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`);
    let validate = validators.get(rooted);
    if (!validate) {
      validate = ajv.compile(JSON.parse(rooted));
      validators.set(rooted, validate);
    }
    validatorOfSchema.set(schema, validate);
    return validate;
  }

  function operationOf(name: EndpointName): Operation {
    const operation = document.paths[documentedPath(name)]?.[ENDPOINTS[name].method.toLowerCase()];
    if (!operation) throw new Error(`${name} is not in the OpenAPI document`);
    return operation;
  }

  return {
    /** The statuses the document lists for the call. */
    statusesOf(name: EndpointName): number[] {
      return Object.keys(operationOf(name).responses).map(Number);
    },

    /** What is wrong with an answer of the call by its documentation ([] when it keeps every promise). */
    faultsOf(name: EndpointName, answer: Answer): string[] {
      const status = String(answer.status);
      const documented = operationOf(name).responses[status];
      if (!documented) return [`answered ${status}, which the document does not list for ${name}`];
      const mediaType = answer.contentType.split(';')[0] ?? '';
      // A download documented as */* answers with the file's own type.
      const schema = (documented.content?.[mediaType] ?? documented.content?.['*/*'])?.schema;
      if (!schema) return [`answered ${status} as ${mediaType || 'no media type'}, which is not documented`];
      let body: unknown = answer.body;
      if (mediaType === 'application/json') {
        try {
          body = JSON.parse(answer.body);
        } catch {
          return [`answered ${status} with a body that is not JSON`];
        }
      }
      const validate = validatorFor(schema);
      if (validate(body)) return [];
      return [`answered ${status} with a body the document refuses: ${ajv.errorsText(validate.errors)}`];
    },
  };
}

export type DocumentedResponses = ReturnType<typeof compileDocumentedResponses>;

// By the document's text: every test app of a worker publishes the same document, and compiling its
// validators again for each would cost more than most files' tests.
const byDocument = new Map<string, DocumentedResponses>();

export function documentedResponses(document: OpenApiDocument): DocumentedResponses {
  const key = JSON.stringify(document);
  let documentation = byDocument.get(key);
  if (!documentation) {
    documentation = compileDocumentedResponses(document);
    byDocument.set(key, documentation);
  }
  return documentation;
}

export const answerOf = (response: LightMyRequestResponse): Answer => ({
  status: response.statusCode,
  contentType: String(response.headers['content-type'] ?? ''),
  body: response.body,
});

/**
 * Checks every answer the app gives to a call of ENDPOINTS against the document it publishes, whichever
 * test made the call: the 409s, 402s and 404s the feature tests provoke on purpose are judged too.
 * Returns the faults seen so far, each once.
 */
export function watchAnswers(app: App): () => string[] {
  const faults = new Set<string>();
  let documentation: DocumentedResponses | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    const name = endpointNameOf(request.method, request.routeOptions.url ?? '');
    // Only text bodies are judged; the API sends no stream or buffer to a call of ENDPOINTS.
    if (name && (typeof payload === 'string' || payload === null)) {
      documentation ??= documentedResponses(app.swagger() as unknown as OpenApiDocument);
      const answer = {
        status: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? ''),
        body: payload ?? '',
      };
      for (const fault of documentation.faultsOf(name, answer))
        faults.add(`${request.method} ${name}: ${fault}`);
    }
    return payload;
  });
  return () => [...faults];
}
