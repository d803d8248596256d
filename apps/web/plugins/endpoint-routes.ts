import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { Plugin } from 'vite';

const ENDPOINTS_MODULE = fileURLToPath(
  new URL('../../../packages/contract/src/endpoints.ts', import.meta.url),
);
const WEB_SOURCE = fileURLToPath(new URL('../src/', import.meta.url));

const ROUTES = Object.fromEntries(
  Object.entries(ENDPOINTS).map(([name, { method, path }]) => [name, { method, path }]),
);

/** The calls the web app's code names in quotes: those it picks by a name it is given (`useAdminList('adminStudents')`). */
function callsNamedInQuotes(): Set<string> {
  const names = new Set<string>();
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name))
        for (const [, name] of readFileSync(path, 'utf8').matchAll(/['"`](\w+)['"`]/g))
          if (name && name in ROUTES) names.add(name);
    }
  };
  visit(WEB_SOURCE);
  return names;
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@tokenly\/contract\/endpoints['"];?/;

/**
 * Drops `ENDPOINTS` from the module's import once every use of it is inlined: an import left behind keeps
 * the table in the chunk of every page that imported it (the first load's), though only the admin
 * screens read it.
 */
function withoutUnusedImport(code: string): string {
  const statement = IMPORT.exec(code);
  if (!statement?.[1] || code.match(/\bENDPOINTS\b/g)?.length !== 1) return code;
  const kept = statement[1]
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && name !== 'ENDPOINTS');
  const replacement =
    kept.length === 0 ? '' : `import { ${kept.join(', ')} } from '@tokenly/contract/endpoints';`;
  return code.replace(statement[0], replacement);
}

/**
 * The browser reads only a call's method and path from the contract's ENDPOINTS; the rest (summaries,
 * errors, tags) is the OpenAPI document's, and was 6 KB gzip of every page's first load. The web app
 * imports the module as it is, for its types; this serves it the routes alone. Any other export imported
 * by the browser then fails the build, rather than arriving empty.
 *
 * A call named in the code (`ENDPOINTS.login`) is written in place as its route, so a page carries the
 * routes it calls; the table keeps only the calls that code picks by a name it is given (the admin
 * screens' list helpers), which it names in quotes. Together, 1 KB gzip less of every first load.
 */
export function endpointRoutesOnly(): Plugin {
  return {
    name: 'tokenly-endpoint-routes-only',
    load(id) {
      if (id !== ENDPOINTS_MODULE) return null;
      const picked = callsNamedInQuotes();
      const table = Object.fromEntries(Object.entries(ROUTES).filter(([name]) => picked.has(name)));
      return `export const ENDPOINTS = ${JSON.stringify(table)};`;
    },
    transform(code, id) {
      if (!id.startsWith(WEB_SOURCE) || !code.includes('ENDPOINTS.')) return null;
      const inlined = code.replace(/\bENDPOINTS\.(\w+)\b/g, (named, name: string) => {
        const route = ROUTES[name];
        return route ? `(${JSON.stringify(route)})` : named;
      });
      return { code: withoutUnusedImport(inlined), map: null };
    },
  };
}
