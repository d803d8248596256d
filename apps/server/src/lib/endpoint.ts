import { ENDPOINTS, type EndpointName } from '@tokenly/contract/endpoints';

/** Method and URL of a contract call, for routes registered under the /api prefix. */
export function endpoint<N extends EndpointName>(name: N) {
  const { method, path } = ENDPOINTS[name];
  return { method, url: `/${path}` };
}
