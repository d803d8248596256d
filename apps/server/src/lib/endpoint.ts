import { ENDPOINTS, type EndpointName, type EndpointSpec } from '@tokenly/contract/endpoints';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's name of the call a route serves (the audit log records it). */
    endpoint?: EndpointName;
  }
}

type Entry<N extends EndpointName> = (typeof ENDPOINTS)[N];
type Part<N extends EndpointName, K extends string> = K extends keyof Entry<N> ? Entry<N>[K] : undefined;
/** The route's schemas, typed from the entry so that they type the handler's request and reply. */
type RouteSchema<N extends EndpointName> = {
  params: Part<N, 'params'>;
  querystring: Part<N, 'query'>;
  body: Part<N, 'body'>;
  response: Entry<N>['response'];
};

/**
 * A call's route options from its contract entry, for routes registered under the /api prefix: method,
 * URL, schemas and its name, by which the auth plugin attaches the entry's guard. The route adds its
 * handler, and hooks of its own if it needs them.
 */
export function endpoint<N extends EndpointName>(name: N) {
  const entry: EndpointSpec = ENDPOINTS[name];
  // Only the parts the call has: Fastify reads a present but undefined schema as a mistake.
  const schema = Object.fromEntries(
    Object.entries({
      params: entry.params,
      querystring: entry.query,
      body: entry.body,
      response: entry.response,
    }).filter(([, part]) => part !== undefined),
  ) as RouteSchema<N>;
  return { method: entry.method, url: `/${entry.path}`, config: { endpoint: name }, schema };
}
