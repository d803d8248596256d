import type { EndpointSpec } from '@tokenly/contract/endpoints';
import type { MessageValues } from '@tokenly/contract/messages';
import type { z } from 'zod';
import { t } from './i18n';
import { sessionStore } from './session';

// The one API client (STYLE.md). DESIGN.md section 6: auth rides on the httpOnly session cookie, and the
// marker header of SPEC.md section 7 on every request is what lets the server accept a cookie-authenticated
// write (CSRF defence), so it is never optional.
const API_BASE = '/api/';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  /** Which of the contract's MESSAGES the server answered with, when it named one (e.g. "levelUnconfirmed"). */
  readonly code: string | undefined;

  constructor(status: number, message: string, errors: FieldErrors = {}, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.code = code;
  }

  /** First message for one field of a 422 body, if any. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
};

/** Fills the `:name` parameters of a contract path: `endpointPath('admin-courses/:id', { id: 3 })`. */
export function endpointPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (match, name: string) => {
    const value = params[name];
    return value === undefined ? match : encodeURIComponent(String(value));
  });
}

/** The address of an API call, for fetch and for plain links (a CSV download). */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = API_BASE + path.replace(/^\/+/, '');
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The values of a message's placeholders, as the error body sends them. */
const valuesOf = (record: Record<string, unknown>): MessageValues =>
  Object.fromEntries(
    Object.entries(record).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );

/**
 * The server's words are English; the learner reads them in the page's language. The look-up of English
 * texts (every message of the contract) comes with the first error rather than with every page's first
 * download; should it not arrive, the English text is shown.
 */
const loadTranslation = () =>
  import('./form-errors').then(
    (module) => module.translateMessage,
    () => (message: string) => message,
  );

export async function errorFromBody(status: number, body: unknown): Promise<ApiError> {
  // A 503 from a proxy or balancer in front of the server has no body of ours; it means the same.
  const fallback = t(status === 503 ? 'errors.serviceUnavailable' : 'errors.networkFailure');
  if (!isRecord(body)) return new ApiError(status, fallback);
  const translateMessage = await loadTranslation();
  const text = [body.message, body.errorMessage].find(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
  const errors: FieldErrors = {};
  if (isRecord(body.errors)) {
    for (const [field, messages] of Object.entries(body.errors)) {
      const list = Array.isArray(messages) ? messages : [messages];
      errors[field] = list.filter((m): m is string => typeof m === 'string').map((m) => translateMessage(m));
    }
  }
  const code = typeof body.code === 'string' ? body.code : undefined;
  const values = isRecord(body.values) ? valuesOf(body.values) : undefined;
  return new ApiError(
    status,
    text === undefined ? fallback : translateMessage(text, code, values),
    errors,
    code,
  );
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, t('errors.networkFailure'));
  }

  const text = await response.text().catch(() => '');
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }

  if (!response.ok) {
    // The server no longer knows this browser's session (expired, revoked, logged out in another tab).
    if (response.status === 401 && sessionStore.get().isLoggedIn) sessionStore.reset();
    throw await errorFromBody(response.status, parsed);
  }
  // Bodies are typed by the contract and validated by the server's serializer; re-parsing every response
  // here would ship every schema to the browser for no gain.
  return parsed as T;
}

/** What a part of a call takes (its schema's input), required when the call has that part. */
type Part<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType }
  ? { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** The path parameters, query and body of a call, typed from its contract entry. */
export type CallInput<E> = Part<E, 'params'> & Part<E, 'query'> & Part<E, 'body'> & { signal?: AbortSignal };

/** The answer of a call's success status, typed from its contract entry. */
export type CallResult<E> = E extends { response: { 200: infer S extends z.ZodType } }
  ? z.output<S>
  : E extends { response: { 201: infer S extends z.ZodType } }
    ? z.output<S>
    : never;

type Route = Pick<EndpointSpec, 'method' | 'path'>;
// A call without path parameters, query or body may leave its input out.
type OptionalInput<E> =
  Record<never, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * One call of the contract: `api.call(ENDPOINTS.login, { body })`. The entry types the input and the
 * answer; in the browser it is only the call's method and path (apps/web/plugins/endpoint-routes.ts).
 */
function call<E extends Route>(endpoint: E, ...[input]: OptionalInput<E>): Promise<CallResult<E>> {
  const { params, query, body, signal } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const path = params ? endpointPath(endpoint.path, params) : endpoint.path;
  const payload = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : (body ?? {});
  return apiRequest<CallResult<E>>(path, { method: endpoint.method, query, body: payload, signal });
}

export const api = { call };

/**
 * The server cannot serve for a moment (its database is restarting, say). Nothing was done,
 * and the same call a little later will most likely succeed, so the page offers to try again.
 */
export function isServiceUnavailable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503;
}

/**
 * The message to show for any error thrown by a call (SPEC.md section 8 wording for unknown failures), in
 * the page's language.
 */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : t('errors.networkFailure');
}
