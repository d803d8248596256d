import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * Where the build writes each landing page's copy of index.html: `/` → landing/index.html,
 * `/membership` → landing/membership.html. The server sends it for that path
 * (apps/server/src/plugins/web-app.ts reads the folder), index.html for every other route.
 */
const LANDING_HTML_DIR = 'landing';

/**
 * Every page is a lazy route, fetched once the first chunk has run: a visitor's first page would wait
 * for the whole app before its own code is even requested (Lighthouse's slow 4G). For the
 * pages visitors arrive on (path → page module), the build writes a copy of index.html whose <head>
 * links the page's chunks and styles as preloads, so the browser requests them beside the first chunk.
 * Tags in the HTML, not a script: the Content-Security-Policy forbids inline scripts (a script that
 * added the links was blocked in production and preloaded nothing). The build stops if a listed module
 * is no chunk of its own.
 *
 * `data` (path → API URLs) are the answers a page asks for as it starts (its route's loader): preloaded
 * with its chunks, they arrive while the code does instead of a round trip after it has run, and the
 * page's fetch takes the preloaded answer. `scripts` (path → files of public/) are small classic scripts
 * the page runs, async, while its code downloads.
 */
export function landingPagePreload(
  pages: Record<string, string>,
  { data = {}, scripts = {} }: { data?: Record<string, string[]>; scripts?: Record<string, string[]> } = {},
): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'tokenly-landing-page-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle: {
      // After Vite's own HTML plugin has written index.html into the bundle.
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (index?.type !== 'asset' || !entry) return;
        const html = String(index.source);
        if (!html.includes('</head>')) this.error('no </head> in index.html');
        for (const [path, source] of Object.entries(pages)) {
          const page = chunks.find((chunk) => chunk.facadeModuleId === resolve(root, source));
          if (!page) this.error(`${source} is not a chunk of its own`);
          const links = [
            ...[...staticClosure(page, bundle, entry.fileName)].map((file) => preloadTag(base + file)),
            ...(data[path] ?? []).map(dataPreloadTag),
            ...(scripts[path] ?? []).map((file) => `<script async src="${base}${file}"></script>`),
          ];
          this.emitFile({
            type: 'asset',
            fileName: `${LANDING_HTML_DIR}/${path === '/' ? 'index' : path.slice(1)}.html`,
            // After the first chunk's tag and stylesheet, which the page needs first.
            source: html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`),
          });
        }
      },
    },
  };
}

// `crossorigin` as Vite's own preloads and stylesheets ask for them, so the browser reuses these responses.
const preloadTag = (href: string) =>
  href.endsWith('.css')
    ? `<link rel="preload" as="style" crossorigin href="${href}">`
    : `<link rel="modulepreload" crossorigin href="${href}">`;

// `crossorigin` as fetch() asks by default (cors, cookies of the same origin only), so the fetch reuses it.
const dataPreloadTag = (href: string) => `<link rel="preload" as="fetch" crossorigin href="${href}">`;

/** The chunk, the chunks it imports statically (but the first chunk, already loading), and their CSS. */
function staticClosure(page: Rollup.OutputChunk, bundle: Rollup.OutputBundle, entry: string): Set<string> {
  const files = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (files.has(chunk.fileName) || chunk.fileName === entry) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(page);
  return files;
}
