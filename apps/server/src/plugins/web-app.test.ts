import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { registerWebApp } from './web-app';

const INDEX =
  '<!doctype html><title>Tokenly</title><script type="module" src="/assets/index-AbC123.js"></script>';
// The build's copies of index.html for landing pages (apps/web/plugins/landing-page-preload.ts).
const landingCopy = (page: string) =>
  INDEX.replace('</script>', `</script><link rel="modulepreload" crossorigin href="/assets/${page}-X1.js">`);
const HOME = landingCopy('home');
/** A served page as built: its own head (modules/seo) stands where the build's title was. */
const asBuilt = (html: string) =>
  html.replace(/<title>.*?(?=<script type="module")/s, '<title>Tokenly</title>');
const MEMBERSHIP = landingCopy('membership-page');

describe("the web app's page in the visitor's language", () => {
  const PAGE = '<!doctype html><html lang="en"><head><title>Tokenly</title></head><body></body></html>';
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'tokenly-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), PAGE);
    for (const locale of ['en', 'pt-BR', 'ar']) {
      await writeFile(join(dist, `assets/messages-${locale}-public-H4sh.json`), '{}');
    }
    t = await createTestApp('pglite', { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/timetable', headers });

  it("writes lang and dir from the browser's languages and preloads that language's catalog", async () => {
    const brazil = await page({ 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' });
    expect(brazil.body).toContain('<html lang="pt-BR" dir="ltr">');
    expect(brazil.body).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/assets/messages-pt-BR-public-H4sh.json" /></head>',
    );
    expect(brazil.headers.vary).toContain('accept-language');
    // A language we do not speak ranked first gives way to the next one we do; none gives English.
    expect((await page({ 'accept-language': 'de-DE, ar;q=0.5' })).body).toContain(
      '<html lang="ar" dir="rtl">',
    );
    expect((await page({ 'accept-language': 'de-DE' })).body).toContain('<html lang="en" dir="ltr">');
    expect((await page({})).body).toContain('messages-en-public-H4sh.json');
  });

  it("follows the language menu's cookie over the browser's languages, compressed when accepted", async () => {
    const chosen = await page({
      'accept-language': 'pt-BR',
      cookie: 'tokenly_locale=ar',
      'accept-encoding': 'br',
    });
    expect(chosen.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(chosen.rawPayload).toString();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('messages-ar-public-H4sh.json');
    // A cookie that names no language we speak is ignored.
    expect((await page({ 'accept-language': 'pt-BR', cookie: 'tokenly_locale=xx' })).body).toContain(
      '<html lang="pt-BR"',
    );
  });
});

describe('the web app', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'tokenly-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), INDEX);
    await mkdir(join(dist, 'landing'));
    await writeFile(join(dist, 'landing/index.html'), HOME);
    await writeFile(join(dist, 'landing/index.html.br'), brotliCompressSync(HOME));
    await writeFile(join(dist, 'landing/membership.html'), MEMBERSHIP);
    await writeFile(join(dist, 'assets/index-AbC123.js'), 'console.log("app")');
    await writeFile(join(dist, 'assets/index-AbC123.js.br'), brotliCompressSync('console.log("app")'));
    await writeFile(join(dist, 'assets/index-AbC123.js.gz'), gzipSync('console.log("app")'));
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp('pglite', { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html for every client route but the landing pages, never cached', async () => {
    for (const url of ['/index.html', '/user/dashboard', '/admin/edit-token/3', '/select-payment/2?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(asBuilt(response.body), url).toBe(INDEX);
    }
  });

  it("serves a landing page its own copy of index.html, which preloads the page's chunks", async () => {
    for (const [url, body] of [
      ['/', HOME],
      ['/?from=mail', HOME],
      ['/membership', MEMBERSHIP],
      ['/membership/', MEMBERSHIP],
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(asBuilt(response.body), url).toBe(body);
    }
    expect(HOME).toContain('<link rel="modulepreload" crossorigin href="/assets/home-X1.js">');
    // As every text file of the build: its brotli copy, to a browser that accepts it.
    const br = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(asBuilt(brotliDecompressSync(br.rawPayload).toString())).toBe(HOME);
    const head = await t.app.inject({ method: 'HEAD', url: '/membership' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });

  it('gives the copies no URLs of their own', async () => {
    for (const url of ['/landing/index.html', '/landing/membership.html', '/landing/index.html.br']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(asBuilt(response.body), url).toBe(INDEX);
    }
  });

  it('serves hashed assets with a long immutable cache and other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toContain('javascript');

    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's brotli or gzip copy to a browser that accepts it, the plain file otherwise", async () => {
    const url = '/assets/index-AbC123.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');

    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log("app")');

    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('answers 404 for a missing hashed asset and for non-GET requests outside /api', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-Old999.js' })).statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/membership' });
    expect(post.statusCode).toBe(404);
    expect(post.json().message).toBe('Not found: POST /membership');
  });

  it('keeps /api answers as JSON', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().data.status).toBe('ok');
    expect((await t.app.inject({ method: 'GET', url: '/api/missing' })).statusCode).toBe(404);
  });
});

describe('the web app before a build', () => {
  it('says how to build it, while the API keeps working', async () => {
    const t = await createTestApp('pglite', { webDistDir: join(tmpdir(), 'tokenly-missing-dist') });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/membership' });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('npm run build');
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe("the web app when a page's head cannot be written", () => {
  it('serves the page as built, so the app still starts and says what is wrong', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'tokenly-dist-'));
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    try {
      await writeFile(join(dist, 'index.html'), INDEX);
      await app.register(cookie);
      await registerWebApp(app, {
        distDir: dist,
        pageHead: () => Promise.reject(new Error('the database is unavailable')),
      });
      const page = await app.inject({ method: 'GET', url: '/timetable' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(INDEX);
    } finally {
      await app.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
