import { errorBodySchema } from '@tokenly/contract/common';
import { ENDPOINTS, type EndpointName, type EndpointSpec } from '@tokenly/contract/endpoints';
import type { FastifySchema } from 'fastify';
import type { z } from 'zod';
import { BODY_DEPTH_LIMIT } from './error-handler';

// What the OpenAPI document says about one operation beyond its zod schemas, all derived from its entry
// in ENDPOINTS, so a call added there is documented completely without anyone remembering to.

/** Either credential opens a session (DESIGN.md section 6); listed as alternatives. */
export const SESSION_SECURITY: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

const JSON_MEDIA_TYPE = 'application/json';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const SUCCESS_DESCRIPTIONS: Record<string, string> = { 200: 'Success.', 201: 'Created.' };

/**
 * Every error status the call can answer, with why: those that follow from how it is called (session,
 * role, body, inputs, rate limit) and those ENDPOINTS declares for it. Both reasons are kept when a
 * status has two.
 */
export function errorStatuses(spec: EndpointSpec, takesInput: boolean): Map<number, string> {
  const statuses = new Map<number, string[]>();
  const add = (status: number, reason: string) =>
    statuses.set(status, [...(statuses.get(status) ?? []), reason]);
  const writes = WRITE_METHODS.has(spec.method);

  if (spec.fileUpload) {
    add(415, 'The body is not application/octet-stream.');
    // The JSON parser answers a body sent as JSON before the route sees its type.
    add(400, 'A body sent as JSON is not valid JSON.');
    add(413, 'A body sent as JSON is over 1 MB.');
  } else if (writes) {
    add(400, `The body is not valid JSON, or nests deeper than ${BODY_DEPTH_LIMIT} levels.`);
    add(413, 'The body is over 1 MB.');
    add(415, 'The body is not application/json.');
  }
  if (spec.auth !== 'public') add(401, 'No valid session (Authorization: Bearer, or the session cookie).');
  // Any auth but these two names one role: admin, user (learner) or teacher.
  if (spec.auth !== 'public' && spec.auth !== 'any') add(403, `The session's role is not ${spec.auth}.`);
  if (spec.auth !== 'public' && writes) {
    add(403, 'A cookie-authenticated write without X-Requested-With: XMLHttpRequest.');
  }
  // A write's body is parsed (and text the database cannot store refused) even when the call reads none.
  if (takesInput || writes) add(422, 'Validation failed: `errors` names each field and what is wrong.');
  if (spec.rateLimited) add(429, 'Too many attempts; Retry-After says how many seconds to wait.');
  for (const [status, reason] of Object.entries(spec.errors)) add(Number(status), reason);
  // Any call can meet the database restarting (plugins/error-handler.ts).
  add(503, 'The database is briefly unavailable; Retry-After says how many seconds to wait.');

  return new Map(
    [...statuses].sort(([a], [b]) => a - b).map(([status, reasons]) => [status, reasons.join(' ')]),
  );
}

type ResponseSchemas = Record<string, z.ZodType>;

function mediaResponse(description: string, mediaType: string, schema: z.ZodType) {
  return { description, content: { [mediaType]: { schema } } };
}

/** The route's own schema with the operation's id, summary, tag, security and every response. */
export function describeOperation(name: EndpointName, schema: FastifySchema): FastifySchema {
  const spec: EndpointSpec = ENDPOINTS[name];
  const successes = (schema.response ?? {}) as ResponseSchemas;
  const takesInput = Boolean(schema.body ?? schema.querystring ?? schema.params);
  const response: Record<string, unknown> = {};
  for (const [status, success] of Object.entries(successes)) {
    response[status] = mediaResponse(
      SUCCESS_DESCRIPTIONS[status] ?? 'Success.',
      spec.mediaType ?? JSON_MEDIA_TYPE,
      success,
    );
  }
  for (const [status, description] of errorStatuses(spec, takesInput)) {
    response[status] = mediaResponse(description, JSON_MEDIA_TYPE, errorBodySchema);
  }
  return {
    ...schema,
    operationId: name,
    summary: spec.summary,
    tags: [spec.tag],
    security: spec.auth === 'public' ? [] : SESSION_SECURITY,
    response,
  };
}

const NAMES_BY_ROUTE = new Map(
  (Object.entries(ENDPOINTS) as [EndpointName, EndpointSpec][]).map(([name, { method, path }]) => [
    `${method} /api/${path}`,
    name,
  ]),
);

/** The ENDPOINTS name of a registered route, if it is one. */
export function endpointNameOf(method: string | string[], url: string): EndpointName | undefined {
  const methods = [method].flat();
  for (const one of methods) {
    const name = NAMES_BY_ROUTE.get(`${one} ${url}`);
    if (name) return name;
  }
  return undefined;
}
