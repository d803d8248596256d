import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { LOCALE_INFO, type Locale } from '@tokenly/i18n/locales';
import { LRUCache } from 'lru-cache';
import type { App } from '../app-type';
import { requestLocale } from '../lib/request-locale';
import { errorBody } from './error-handler';

// Vite puts content-hashed files under /assets/: they never change, so browsers may keep them a year.
const HASHED_ASSETS = '/assets/';
// The build's copy of index.html for each landing page, with the page's chunks preloaded in <head>
// (apps/web/plugins/landing-page-preload.ts): landing/index.html for /, landing/membership.html for
// /membership.
const LANDING_HTML_DIR = 'landing';

/** Path → the landing page's HTML file, relative to distDir. */
function landingPages(distDir: string): Map<string, string> {
  const dir = join(distDir, LANDING_HTML_DIR);
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map((file) => file.replaceAll('\\', '/'))
      .filter((file) => file.endsWith('.html'))
      .map((file) => {
        const name = file.slice(0, -'.html'.length);
        return [name === 'index' ? '/' : `/${name}`, `${LANDING_HTML_DIR}/${file}`];
      }),
  );
}

/** The compiled public catalog of each language (apps/web/plugins/catalogs.ts), by locale. */
function publicCatalogs(distDir: string): Map<string, string> {
  const dir = join(distDir, 'assets');
  if (!existsSync(dir)) return new Map();
  const files = readdirSync(dir).flatMap((file) => {
    const match = /^messages-(.+)-public-[\w-]+\.json$/.exec(file);
    return match?.[1] ? [[match[1], `${HASHED_ASSETS}${file}`] as const] : [];
  });
  return new Map(files);
}

/**
 * A page's HTML in the visitor's language from the first byte: `lang` and `dir` on <html> (a screen
 * reader and the layout's direction need them before any script runs), and the language's catalog
 * preloaded, so it downloads beside the page's code instead of after it.
 */
function inLanguage(html: string, locale: Locale, catalog: string | undefined): string {
  const preload = catalog ? `<link rel="preload" as="fetch" crossorigin href="${catalog}" />` : '';
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}" dir="${LOCALE_INFO[locale].dir}"`)
    .replace('</head>', `${preload}</head>`);
}

/** The <head> tags of the page at a path, in a language (modules/seo). */
export type PageHeadSource = (path: string, locale: Locale) => Promise<string>;

// The built page's own title and description give way to the page's head.
const BUILT_TITLE = /<title>[^<]*<\/title>/;
const BUILT_DESCRIPTION = /\s*<meta name="description"[^>]*>/;

/** The page with its own head: where the build's title was, near the top, as crawlers read first. */
function withHead(html: string, head: string): string {
  const bare = html.replace(BUILT_DESCRIPTION, '');
  return BUILT_TITLE.test(bare)
    ? bare.replace(BUILT_TITLE, () => head)
    : bare.replace('</head>', () => `${head}</head>`);
}

// The pages as last served, written and compressed once: by file, language and head.
const SERVED_PAGES = 500;

/**
 * Serves the built web app with a history fallback: any GET outside /api that is not a file gets
 * index.html, so deep links such as /user/dashboard load the SPA; a landing page (`/` included) gets its
 * own copy, which starts the page's code beside the first chunk. Each page carries its own head (title,
 * description, link previews, structured data) from `pageHead`; without it (the database is down) the
 * page is served as built, so the app still starts and says what is wrong.
 */
export async function registerWebApp(
  app: App,
  { distDir, pageHead }: { distDir: string; pageHead: PageHeadSource },
): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  const landing = landingPages(distDir);
  const catalogs = publicCatalogs(distDir);
  // Each built page in each language, read once.
  const builtPages = new Map<string, string>();
  const builtIn = (file: string, locale: Locale) => {
    const key = `${file}|${locale}`;
    let html = builtPages.get(key);
    if (html === undefined) {
      html = inLanguage(readFileSync(join(distDir, file), 'utf8'), locale, catalogs.get(locale));
      builtPages.set(key, html);
    }
    return html;
  };
  // Each page as served, compressed once: a page's head changes only with the school's data, so the
  // same few kilobytes are sent again and again.
  const pages = new LRUCache<string, { html: string; br: Buffer; gzip: Buffer }>({ max: SERVED_PAGES });
  const pageIn = (file: string, locale: Locale, head: string | undefined) => {
    const key = `${file}|${locale}|${head ?? ''}`;
    let page = pages.get(key);
    if (!page) {
      const source = builtIn(file, locale);
      const html = head === undefined ? source : withHead(source, head);
      page = { html, br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) };
      pages.set(key, page);
    }
    return page;
  };
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Routes per file found at start: a wildcard route would also swallow unknown /api URLs.
      wildcard: false,
      // `/` is a landing page like the others, answered below; the copies have no URLs of their own.
      index: false,
      globIgnore: [`${LANDING_HTML_DIR}/**`],
      cacheControl: false,
      // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts): sent as they are,
      // so the site is compressed at the maximum level once, and no request spends CPU on it.
      preCompressed: true,
      setHeaders: (reply, path) => {
        const hashed = path.replaceAll('\\', '/').includes(HASHED_ASSETS);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        reply.header('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path.startsWith(HASHED_ASSETS)) {
      // A missing hashed asset is a stale page asking for an old build: index.html would not help.
      return reply.status(404).send(errorBody(`Not found: ${request.method} ${path}`));
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build` (or `npm start`), then reload this page.\n');
    }
    // One trailing slash aside (/membership/ is /membership), as the client's router matches paths.
    const page = landing.get(path.length > 1 ? path.replace(/\/$/, '') : path);
    const locale = requestLocale(request);
    const head = await pageHead(path, locale).catch((error: unknown) => {
      request.log.error({ err: error }, 'page head not written');
      return undefined;
    });
    const html = pageIn(page ?? 'index.html', locale, head);
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, cookie, accept-language')
      .type('text/html; charset=utf-8');
    if (encoding === 'br' || encoding === 'gzip') {
      return reply.header('content-encoding', encoding).send(encoding === 'br' ? html.br : html.gzip);
    }
    return reply.send(html.html);
  });
}
