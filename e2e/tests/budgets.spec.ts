import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// Each test is a first visit: a browser with nothing of the site in its cache.
test.use({ freshContext: true });

// The JavaScript a visitor's browser fetches to show a public page (everything until the
// network is idle).
const JS_BUDGET_BYTES = 170_000;

// Source files whose chunks must never load on /: the admin screens and the card checkout.
const KEPT_OFF_HOME = [
  /^src\/features\/admin\//,
  /^src\/app\/layouts\/admin-layout\.tsx$/,
  /^src\/features\/payments\//,
  /^src\/app\/routes\/select-payment\.tsx$/,
];

type ManifestChunk = { file: string; src?: string };

/** The chunk file (assets/x-hash.js) of each source file, from the build the server is serving. */
function chunksBySource(): Map<string, string> {
  const manifestPath = new URL('../../apps/web/dist/.vite/manifest.json', import.meta.url);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  return new Map(
    Object.values(manifest).flatMap((chunk) => (chunk.src ? [[chunk.src, chunk.file] as const] : [])),
  );
}

/**
 * What a first visit to `path` loads: every JavaScript response until the network is idle, gzipped.
 * Each is requested by the HTML the server sent for the path, beside the first chunk, rather than once
 * the first chunk has run (a round trip on slow 4G): the document's own module script or one
 * of its modulepreload links (apps/web/plugins/landing-page-preload.ts), and the HTML preloads nothing
 * the page does not load. The Content-Security-Policy blocked an inline script that added these links.
 */
async function initialJavaScript(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  const scripts = new Map<string, Promise<Buffer>>();
  const blocked: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url()).pathname;
    if (url.endsWith('.js')) scripts.set(url, response.body());
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  const served = await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  let gzipped = 0;
  for (const body of scripts.values()) gzipped += gzipSync(await body, { level: 9 }).length;
  console.log(
    `Initial JavaScript of ${path}: ${(gzipped / 1000).toFixed(1)} KB gzip in ${scripts.size} files`,
  );
  const html = (await served?.text()) ?? '';
  const linked = (pattern: RegExp) => [...html.matchAll(pattern)].map(([, href]) => href);
  const [entry] = linked(/<script type="module" crossorigin src="([^"]+)"/g);
  const preloaded = linked(/<link rel="modulepreload" crossorigin href="([^"]+)"/g);
  // The document's own small classic scripts (public/intl-warm-up.js).
  const classic = linked(/<script async src="([^"]+)"/g);
  const loaded = [...scripts.keys()];
  expect(blocked).toEqual([]);
  expect(preloaded.length, `${path}'s HTML preloads its page`).toBeGreaterThan(0);
  expect(loaded.filter((file) => file !== entry).sort()).toEqual([...preloaded, ...classic].sort());
  return { gzipped, loaded };
}

/**
 * The API calls a page makes, by path: each preloaded answer (landingPagePreload's data) is asked for
 * once, the page's fetch taking the preloaded response.
 */
function apiRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) paths.push(pathname);
  });
  return paths;
}

/** The API answers the page's HTML preloads (beside its language's catalog, which is not data). */
const preloadedData = async (page: Page) =>
  (
    await page
      .locator('link[rel="preload"][as="fetch"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  ).filter((href) => href?.startsWith('/api/'));

test('/ loads at most 170 KB of gzipped JavaScript, and no admin or checkout code', async ({ page }) => {
  const requests = apiRequests(page);
  const { gzipped, loaded } = await initialJavaScript(page, '/', async (p) => {
    await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(p.getByRole('link', { name: 'Select Package 1' })).toBeVisible();
    await expect(p.getByText('Loading the timetable…')).toHaveCount(0);
  });
  expect(await preloadedData(page)).toEqual([
    '/api/upcoming-classes',
    '/api/get-membership-token',
    '/api/site',
  ]);
  expect(requests.filter((path) => path === '/api/upcoming-classes')).toHaveLength(1);
  expect(requests.filter((path) => path === '/api/get-membership-token')).toHaveLength(1);
  expect(requests.filter((path) => path === '/api/site')).toHaveLength(1);
  const forbidden = [...chunksBySource()]
    .filter(([source]) => KEPT_OFF_HOME.some((pattern) => pattern.test(source)))
    .map(([, file]) => `/${file}`);
  expect(forbidden.length, 'the manifest lists the admin and checkout chunks').toBeGreaterThan(10);
  expect(loaded.filter((path) => forbidden.includes(path))).toEqual([]);
  expect(gzipped).toBeLessThanOrEqual(JS_BUDGET_BYTES);
});

test('a page visitors do not arrive on gets the HTML without preloads', async ({ page }) => {
  const html = await (await page.request.get('/about-us')).text();
  expect(html).toContain('<script type="module"');
  expect(html).not.toContain('modulepreload');
});

for (const path of ['/membership', '/payment']) {
  test(`${path} loads at most 170 KB of gzipped JavaScript, and asks for its plans and the school's words once`, async ({
    page,
  }) => {
    const requests = apiRequests(page);
    const { gzipped } = await initialJavaScript(page, path, (p) =>
      expect(p.getByRole('link', { name: 'Select Package 1' })).toBeVisible(),
    );
    expect(gzipped).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    expect(await preloadedData(page)).toEqual(['/api/get-membership-token', '/api/site']);
    expect(requests.filter((path) => path === '/api/get-membership-token')).toHaveLength(1);
    expect(requests.filter((path) => path === '/api/site')).toHaveLength(1);
  });
}

// The sign-in and sign-up pages, and the schema library only once a field is used.
for (const [path, name] of [
  ['/login', 'Sign in'],
  ['/signup', 'Sign up'],
] as const) {
  test(`${path} loads at most 170 KB of gzipped JavaScript, no zod before a field is used, and the school's words once`, async ({
    page,
  }) => {
    const requests = apiRequests(page);
    const { gzipped, loaded } = await initialJavaScript(page, path, (p) =>
      expect(p.getByRole('form', { name })).toBeVisible(),
    );
    expect(await preloadedData(page)).toEqual(['/api/site']);
    expect(requests.filter((path) => path === '/api/site')).toHaveLength(1);
    const validation = [...chunksBySource()]
      .filter(([source]) => /^src\/features\/auth\/forms\//.test(source))
      .map(([, file]) => `/${file}`);
    expect(validation.length, "the manifest lists the forms' validation chunks").toBe(3);
    expect(loaded.filter((file) => validation.includes(file))).toEqual([]);
    expect(gzipped).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  });
}
