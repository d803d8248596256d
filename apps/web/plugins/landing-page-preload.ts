import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * Every page is a lazy route, fetched once the first chunk has run: a visitor's first page would wait
 * for the whole app before its own code is even requested (Lighthouse's slow 4G, issue 15). For the
 * pages visitors arrive on (path → page module), a script at the top of index.html starts the page's
 * chunks and styles beside the first chunk. The build stops if a listed module is no chunk of its own.
 */
export function landingPagePreload(pages: Record<string, string>): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'tokenly-landing-page-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const files = Object.fromEntries(
          Object.entries(pages).map(([path, source]) => {
            const page = chunks.find((chunk) => chunk.facadeModuleId === resolve(root, source));
            if (!page) throw new Error(`landingPagePreload: ${source} is not a chunk of its own`);
            return [path, [...staticClosure(page, bundle, entry.fileName)].map((file) => base + file)];
          }),
        );
        // Before the first chunk's tag, and so before the stylesheet: a script after it would wait for it.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('landingPagePreload: no module script in index.html');
        return `${html.slice(0, at)}<script>${preloadScript(files)}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}

/** Adds the preload links of the current path's files, if it is a landing page. */
const preloadScript = (files: Record<string, string[]>) => `(() => {
  const files = ${JSON.stringify(files)}[location.pathname.replace(/(.)\\/$/, '$1')] ?? [];
  for (const href of files) {
    const link = document.createElement('link');
    const css = href.endsWith('.css');
    link.rel = css ? 'preload' : 'modulepreload';
    if (css) link.as = 'style';
    // As Vite's own preloads and stylesheets ask for them, so the browser reuses these responses.
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
})();`;

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
