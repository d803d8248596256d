import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from '../app';
import { errorBody } from './error-handler';

// Vite puts content-hashed files under /assets/: they never change, so browsers may keep them a year.
const HASHED_ASSETS = '/assets/';

/**
 * Serves the built web app with a history fallback: any GET outside /api that is not a file gets
 * index.html, so deep links such as /user/dashboard load the SPA.
 */
export async function registerWebApp(app: App, { distDir }: { distDir: string }): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Routes per file found at start: a wildcard route would also swallow unknown /api URLs.
      wildcard: false,
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

  app.setNotFoundHandler((request, reply) => {
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
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
