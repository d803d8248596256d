import { fileURLToPath } from 'node:url';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { Plugin } from 'vite';

const ENDPOINTS_MODULE = fileURLToPath(
  new URL('../../../packages/contract/src/endpoints.ts', import.meta.url),
);

/**
 * The browser reads only a call's method and path from the contract's ENDPOINTS; the rest (summaries,
 * errors, tags) is the OpenAPI document's, and was 6 KB gzip of every page's first load. The
 * web app imports the module as it is, for its types; this serves it the routes alone. Any other export
 * imported by the browser then fails the build, rather than arriving empty.
 */
export function endpointRoutesOnly(): Plugin {
  return {
    name: 'tokenly-endpoint-routes-only',
    load(id) {
      if (id !== ENDPOINTS_MODULE) return null;
      const routes = Object.fromEntries(
        Object.entries(ENDPOINTS).map(([name, { method, path }]) => [name, { method, path }]),
      );
      return `export const ENDPOINTS = ${JSON.stringify(routes)};`;
    },
  };
}
