import { ENDPOINTS, type EndpointName } from '@tokenly/contract/endpoints';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's name of the call a route serves (the audit log records it). */
    endpoint?: EndpointName;
  }
}

/** Method, URL and contract name of a call, for routes registered under the /api prefix. */
export function endpoint<N extends EndpointName>(name: N) {
  const { method, path } = ENDPOINTS[name];
  return { method, url: `/${path}`, config: { endpoint: name } };
}
