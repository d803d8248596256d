import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { messageCatalogs } from './plugins/catalogs.ts';
import { endpointRoutesOnly } from './plugins/endpoint-routes.ts';
import { landingChunks } from './plugins/landing-chunks.ts';
import { landingPagePreload } from './plugins/landing-page-preload.ts';
import { mantineStylesInHead } from './plugins/mantine-styles-in-head.ts';
import { ROUTES } from './src/config/routes.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const TEXT_ASSET = /\.(?:js|css|html|svg|json)$/;
// Below this a compressed copy saves less than its own headers cost.
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz copy beside every text file of the build, which the server sends as they are
 * (apps/server/src/plugins/web-app.ts): the strongest compression, paid once here instead of per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tokenly-precompress',
    apply: 'build',
    configResolved(config) {
      // landingChunks' first pass writes nothing.
      outDir = config.build.write ? resolve(config.root, config.build.outDir) : '';
    },
    async closeBundle() {
      if (!outDir) return;
      const files = (await readdir(outDir, { recursive: true })).filter(
        // .vite/ holds the build manifest, which is read from disk and never served.
        (file) => TEXT_ASSET.test(file) && !file.startsWith('.vite'),
      );
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const body = await readFile(path);
          if (body.length < MIN_BYTES) return;
          await writeFile(
            `${path}.br`,
            await brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
          );
          await writeFile(`${path}.gz`, await gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }));
        }),
      );
    },
  };
}

// The public pages visitors arrive on from outside the app (the pages Lighthouse measures, and sign-up).
const LANDING_PAGES = {
  [ROUTES.home]: 'src/app/routes/home.tsx',
  [ROUTES.membership]: 'src/features/membership/components/membership-page.tsx',
  [ROUTES.payment]: 'src/app/routes/payment.tsx',
  [ROUTES.LoginForm]: 'src/features/auth/components/login-page.tsx',
  [ROUTES.SignupForm]: 'src/features/auth/components/signup-page.tsx',
};
// What those pages ask the API for first, so it is requested with their code (see landingPagePreload).
const PLANS = `/api/${ENDPOINTS.membershipTokens.path}`;
// The school's site content, which every public page's footer shows (its pages, its app-store links).
const SITE = `/api/${ENDPOINTS.siteContent.path}`;
const LANDING_DATA = {
  [ROUTES.home]: [`/api/${ENDPOINTS.upcomingClasses.path}`, PLANS, SITE],
  [ROUTES.membership]: [PLANS, SITE],
  [ROUTES.payment]: [PLANS, SITE],
  [ROUTES.LoginForm]: [SITE],
  [ROUTES.SignupForm]: [SITE],
};
// The home page's banner card writes class times with their zone: the browser's first use of its date
// formatting (30-60 ms) happens while the page's code downloads (public/intl-warm-up.js).
const LANDING_SCRIPTS = { [ROUTES.home]: ['intl-warm-up.js'] };
// The home page and the sign-in pages: each loads a chunk of its own besides the first.
const landing = landingChunks(
  {
    'home-page': [LANDING_PAGES[ROUTES.home]],
    'account-pages': [LANDING_PAGES[ROUTES.LoginForm], LANDING_PAGES[ROUTES.SignupForm]],
  },
  {
    // The membership and payment pages: not one byte more for the home page's fewer files.
    [LANDING_PAGES[ROUTES.membership]]: 0,
    [LANDING_PAGES[ROUTES.payment]]: 0,
    // The other public pages (SPEC.md section 2): within 170 KB.
    ...Object.fromEntries(
      [
        'src/features/auth/components/admin-login-page.tsx',
        'src/features/auth/components/forgot-password-page.tsx',
        'src/features/auth/components/reset-password-page.tsx',
        'src/features/settings/components/unsubscribe-page.tsx',
        'src/features/auth/components/verify-email-page.tsx',
        'src/features/marketing/components/site-page.tsx',
        'src/features/marketing/components/blog-page.tsx',
        'src/features/marketing/components/blog-post-page.tsx',
        'src/features/timetable/components/class-page.tsx',
        'src/features/timetable/components/timetable-page.tsx',
        'src/features/levels/components/placement-page.tsx',
      ].map((page) => [page, 170_000]),
    ),
  },
  Object.values(LANDING_PAGES),
  'app',
);

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    mantineStylesInHead(),
    endpointRoutesOnly(),
    messageCatalogs(),
    landingPagePreload(LANDING_PAGES, { data: LANDING_DATA, scripts: LANDING_SCRIPTS }),
    landing.plugin,
  ],
  // `npm run dev` serves Mantine pre-bundled; the swap applies there too.
  optimizeDeps: { rolldownOptions: { plugins: [mantineStylesInHead()] } },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  // The manifest (dist/.vite/, never served) tells e2e/tests/budgets.spec.ts which chunk holds which page.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Every browser we serve preloads modules itself (Safari since 17); the polyfill's scan of the page's
    // links cost the first chunk's evaluation about 1.4 of its 55 ms.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: landing.groups },
        // The first chunk lists every chunk's file to preload it with its page: names of the hash alone
        // keep that list, some 200 files long, about a kilobyte (gzip) smaller on every first load.
        chunkFileNames: 'assets/[hash].js',
      },
    },
  },
});
