import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from '../fixtures';

// Issue 6: the JavaScript a visitor's browser fetches to show / (everything until the network is idle).
const HOME_JS_BUDGET_BYTES = 170_000;

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

test('/ loads at most 170 KB of gzipped JavaScript, and no admin or checkout code', async ({ page }) => {
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) scripts.set(path, response.body());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  let gzipped = 0;
  for (const body of scripts.values()) gzipped += gzipSync(await body, { level: 9 }).length;
  console.log(`Initial JavaScript of /: ${(gzipped / 1000).toFixed(1)} KB gzip in ${scripts.size} files`);

  const loaded = [...scripts.keys()];
  const forbidden = [...chunksBySource()]
    .filter(([source]) => KEPT_OFF_HOME.some((pattern) => pattern.test(source)))
    .map(([, file]) => `/${file}`);
  expect(forbidden.length, 'the manifest lists the admin and checkout chunks').toBeGreaterThan(10);
  expect(loaded.filter((path) => forbidden.includes(path))).toEqual([]);
  expect(gzipped).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
});
