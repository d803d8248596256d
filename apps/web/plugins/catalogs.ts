import { fileURLToPath } from 'node:url';
import { BUNDLES, type Bundle } from '@tokenly/i18n/areas';
import { compileCatalog } from '@tokenly/i18n/compile';
import { LOCALES, type Locale } from '@tokenly/i18n/locales';
import { allCatalogs, readBundle } from '@tokenly/i18n/read-catalogs';
import type { Plugin } from 'vite';

const VIRTUAL = 'virtual:tokenly-catalogs';
const RESOLVED = `\0${VIRTUAL}`;
const DEV_PATH = '/@tokenly-catalogs/';
/** The bundles a browser downloads; the mail area is the server's. */
const WEB_BUNDLES = (Object.keys(BUNDLES) as Bundle[]).filter((bundle) => bundle !== 'mail');

const compiled = (locale: Locale, bundle: Bundle) =>
  JSON.stringify(compileCatalog(readBundle(locale, bundle)));

/**
 * The message catalogs, compiled by Lingui's own compiler at build time (the browser then needs no ICU
 * parser) and written as one JSON file per language and bundle, so a visitor downloads only their
 * language's, and only when a page needs it. JSON rather than JavaScript: the browser parses it faster
 * than it compiles the same data as code. `virtual:tokenly-catalogs` exports each file's address.
 */
export function messageCatalogs(): Plugin {
  let serve = false;
  return {
    name: 'tokenly-message-catalogs',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      // A changed catalog rebuilds the module (and, in the dev server, reloads the page).
      for (const { file } of allCatalogs()) this.addWatchFile(fileURLToPath(file));
      const urls: string[] = [];
      for (const locale of LOCALES) {
        for (const bundle of WEB_BUNDLES) {
          const key = `${locale}/${bundle}`;
          if (serve) {
            urls.push(`${JSON.stringify(key)}: ${JSON.stringify(`${DEV_PATH}${key}.json`)}`);
            continue;
          }
          const reference = this.emitFile({
            type: 'asset',
            name: `messages-${locale}-${bundle}.json`,
            source: compiled(locale, bundle),
          });
          urls.push(`${JSON.stringify(key)}: import.meta.ROLLUP_FILE_URL_${reference}`);
        }
      }
      return `export const CATALOG_URLS = {${urls.join(', ')}};`;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = request.url && new RegExp(`^${DEV_PATH}([^/]+)/([a-z]+)\\.json$`).exec(request.url);
        const locale = LOCALES.find((one) => one === match?.[1]);
        const bundle = WEB_BUNDLES.find((one) => one === match?.[2]);
        if (!locale || !bundle) return next();
        response.setHeader('content-type', 'application/json');
        response.end(compiled(locale, bundle));
      });
    },
  };
}
