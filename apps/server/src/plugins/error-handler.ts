import type { ErrorBody } from '@tokenly/contract/common';
import { type FoundMessage, lookUpMessage } from '@tokenly/contract/message-lookup';
import { MESSAGES } from '@tokenly/contract/messages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { App } from '../app-type';
import { isDatabaseOutage } from '../db/outage';
import { AppError, type FieldErrors } from '../lib/app-error';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * Levels of arrays and objects a JSON body may nest; the contract's deepest body (a series' weekdays) has
 * two. JSON.parse builds a body thousands of levels deep from 1 MB without trouble, but recursive readers
 * after it (JSON.stringify, deep comparisons) overflow the stack: the body of an admin call that reads
 * none was kept in the audit log, and reading the log back answered 500.
 */
export const BODY_DEPTH_LIMIT = 32;
/** Sent with every 503: a database restart takes seconds, so clients and balancers come back soon. */
export const RETRY_AFTER_SECONDS = 5;

// Fastify's own 4xx errors, reworded for the people who read them in an error dialog.
const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large (the limit is 1 MB).',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON with Content-Type: application/json.',
};

const NOT_OBJECT_MESSAGE = 'The request body must be a JSON object.';
const BAD_URL_MESSAGE = 'The address of the request is not valid.';
const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${BODY_DEPTH_LIMIT} levels).`;

// PostgreSQL text cannot hold U+0000, and an unpaired UTF-16 surrogate is not text at all.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isUnstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The one error body. English for API clients; a message of MESSAGES is named by its `code` (with its
 * `values`), which the web app shows in the page's language. `written` says which entry it is when the
 * text alone cannot (an entry whose English varies by more than its values).
 */
export function errorBody(message: string, errors?: FieldErrors, written?: FoundMessage): ErrorBody {
  const found = written ?? lookUpMessage(message);
  return {
    message,
    errorMessage: message,
    ...(errors ? { errors } : {}),
    ...(found ? { code: found.key } : {}),
    ...(found?.values ? { values: found.values } : {}),
  };
}

function isClientError(error: unknown): error is FastifyError & { statusCode: number } {
  return (
    error instanceof Error &&
    'statusCode' in error &&
    typeof error.statusCode === 'number' &&
    error.statusCode >= 400 &&
    error.statusCode < 500
  );
}

export function registerErrorHandler(app: App): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 503) reply.header('retry-after', RETRY_AFTER_SECONDS);
      if (error.options.retryAfterSeconds !== undefined) {
        reply.header('retry-after', error.options.retryAfterSeconds);
      }
      return reply
        .status(error.statusCode)
        .send(errorBody(error.message, error.fieldErrors, error.options.written));
    }
    // The database is gone for now (restart, failover, cut network). Its transaction did not
    // commit (unless the connection died in COMMIT itself), and every write is safe to repeat (a second
    // booking is a 409, a payment is granted once), so the answer is "try again"; a warning, not a bug.
    if (isDatabaseOutage(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', RETRY_AFTER_SECONDS);
      return reply.status(503).send(errorBody(MESSAGES.serviceUnavailable));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.slice(1).replaceAll('/', '.');
        const key = field || (error.validationContext ?? 'body');
        // SPEC.md section 8: the validator's default message.
        const message = field ? (issue.message ?? 'is not valid.') : NOT_OBJECT_MESSAGE;
        errors[key] = [...(errors[key] ?? []), message];
      }
      const first = Object.values(errors)[0]?.[0] ?? NOT_OBJECT_MESSAGE;
      return reply.status(422).send(errorBody(first, errors));
    }
    if (isClientError(error)) {
      return reply
        .status(error.statusCode)
        .send(errorBody(CLIENT_ERROR_MESSAGES[error.code] ?? error.message));
    }
    // Details of server faults stay in the log: they can hold SQL, paths or data of other users.
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(MESSAGES.internalError));
  });
}

/** Fastify's own refusals before routing (a malformed URL), in the same error body as every other. */
export function answerFrameworkError(
  _error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  return reply.status(400).send(errorBody(BAD_URL_MESSAGE));
}

const unstorableText = (field: string) =>
  new AppError('VALIDATION', MESSAGES.unstorableText, { [field]: [MESSAGES.unstorableText] });

/**
 * Why no call may read a parsed body, query or set of path parameters, if it holds a key or string the
 * database cannot store (named by its dotted path) or nests deeper than BODY_DEPTH_LIMIT.
 */
function refusalOf(input: unknown): AppError | undefined {
  // Iterative, so that a body nested thousands deep is measured without recursion.
  const pending: [value: unknown, path: string, depth: number][] = [[input, '', 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, path, depth] = next;
    if (typeof value === 'string') {
      if (isUnstorable(value)) return unstorableText(path || 'body');
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= BODY_DEPTH_LIMIT) return new AppError('BAD_REQUEST', TOO_DEEP_MESSAGE);
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (isUnstorable(key)) return unstorableText(childPath);
        pending.push([child, childPath, depth + 1]);
      }
    }
  }
  return undefined;
}

/**
 * The same refusal for the text of a URL, before any of it reaches the database: the query (the search
 * boxes) and the path parameters (a calendar feed's token is looked up as sent). A wildcard is a file's
 * path for the web app or an unknown address, never looked up.
 */
export function registerUrlTextCheck(app: App): void {
  app.addHook('preValidation', async (request) => {
    const { '*': _path, ...params } = (request.params ?? {}) as Record<string, unknown>;
    const refusal = refusalOf(request.query) ?? refusalOf(params);
    if (refusal) throw refusal;
  });
}

/** JSON only: a form post or text/plain body gets 415, which also blocks cross-site form submissions. */
export function registerJsonBodyParser(app: App): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Clients often send the JSON content type on a POST without a body (logout); treat it as no body.
    if (body.length === 0) return done(null, undefined);
    parseJson(request, body.toString(), (error, parsed) => {
      const refusal = error ? undefined : refusalOf(parsed);
      if (refusal) return done(refusal, undefined);
      done(error, parsed);
    });
  });
}
