import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBlogPost,
  createCourse,
  createSchedule,
  createSitePage,
  createTeacher,
} from '../../db/seed/factories';
import { RESPONSE_CACHE_WINDOW_MS } from '../../plugins/response-cache';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { schoolSettingsModule } from '../school-settings/school-settings.module';
import { createSeoService } from './seo-service';

// What search engines and link previews read: each public page's head in the HTML the server sends,
// sitemap.xml and robots.txt, all from the school's own data.

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

const SITE = 'https://school.example.com';
// The build's index.html as Vite writes it: its own title and description give way to the page's.
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The build's own words" />
    <title>Built title</title>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** The hero's lead that migration 0032 gives every school until it writes its own. */
const HERO_LEAD =
  'Small live classes with expert teachers. Buy credits once, then book the classes that fit your week: no rigid timetable, no long contracts.';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const elements = (node: Node): Element[] => {
  const children = 'childNodes' in node ? node.childNodes : [];
  const own = 'tagName' in node ? [node] : [];
  return [...own, ...children.flatMap(elements)];
};
const attribute = (element: Element, name: string) => element.attrs.find((one) => one.name === name)?.value;
const text = (element: Element) =>
  element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');

/** The page's head as an HTML parser reads it: what a crawler or a link preview sees. */
function headOf(html: string) {
  const all = elements(parse(html));
  const head = all.filter((element) => element.tagName !== 'body' && !isInBody(element, all));
  const meta = (key: string) => {
    const found = head.filter(
      (element) =>
        element.tagName === 'meta' &&
        (attribute(element, 'name') === key || attribute(element, 'property') === key),
    );
    expect(found.length, `one ${key}`).toBeLessThanOrEqual(1);
    return found[0] && attribute(found[0], 'content');
  };
  const titles = head.filter((element) => element.tagName === 'title');
  expect(titles).toHaveLength(1);
  const scripts = all.filter((element) => element.tagName === 'script');
  return {
    title: text(titles[0] as Element),
    description: meta('description'),
    robots: meta('robots'),
    canonical: head
      .filter((element) => attribute(element, 'rel') === 'canonical')
      .map((e) => attribute(e, 'href')),
    og: {
      siteName: meta('og:site_name'),
      title: meta('og:title'),
      description: meta('og:description'),
      url: meta('og:url'),
      type: meta('og:type'),
      image: meta('og:image'),
    },
    twitterCard: meta('twitter:card'),
    scriptTypes: scripts.map((script) => attribute(script, 'type')),
    jsonLd: scripts
      .filter((script) => attribute(script, 'type') === 'application/ld+json')
      .map((script) => JSON.parse(text(script)) as Record<string, unknown>),
  };
}

function isInBody(element: Element, all: Element[]): boolean {
  const body = all.find((one) => one.tagName === 'body');
  for (let parent = element.parentNode; parent; parent = 'parentNode' in parent ? parent.parentNode : null) {
    if (parent === body) return true;
  }
  return false;
}

/** schema.org's Event as search engines require it of an online class: asserted property by property. */
function expectOnlineClassEvent(data: Record<string, unknown>, url: string) {
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'EducationEvent',
    name: expect.any(String),
    description: expect.any(String),
    url,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url },
    organizer: { '@type': 'EducationalOrganization', name: expect.any(String), url: `${SITE}/` },
    offers: {
      '@type': 'Offer',
      url,
      availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|SoldOut)$/),
    },
  });
  // ISO 8601 with the school's offset, as schema.org's DateTime asks; the end after the start.
  const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
  expect(data.startDate).toMatch(instant);
  expect(data.endDate).toMatch(instant);
  expect(Date.parse(String(data.endDate))).toBeGreaterThan(Date.parse(String(data.startDate)));
}

describe.each(TEST_DATABASE_KINDS)('pages for search engines and link previews on %s', (kind) => {
  const clock = new TestClock();
  let dist: string;
  let t: TestApp;
  let admin: { authorization: string };
  // The classes the sitemap lists: to come within its two weeks, not cancelled.
  const coming: number[] = [];

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'tokenly-seo-dist-'));
    await mkdir(join(dist, 'landing'));
    await writeFile(join(dist, 'index.html'), BUILT);
    // `/` is served the build's landing copy (plugins/web-app.ts): the head goes there too.
    await writeFile(
      join(dist, 'landing/index.html'),
      BUILT.replace('</head>', '<link rel="modulepreload" href="/assets/home-X1.js"></head>'),
    );
    t = await createTestApp(kind, { webDistDir: dist, appUrl: SITE }, { clock });
    admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    return { body: response.body, head: headOf(response.body) };
  };
  const saveSettings = async (changes: Record<string, unknown>) => {
    const current = (
      await t.app.inject({ method: 'GET', url: '/api/admin-school-settings', headers: admin })
    ).json().data;
    const { updated_at: _at, ...body } = current;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin-school-settings',
      headers: admin,
      payload: { ...body, ...changes },
    });
    expect(saved.statusCode).toBe(200);
  };

  it('gives every public page its title, description, canonical address and link preview', async () => {
    await saveSettings({ school_name: 'Harbour English', school_email: 'hello@harbour.example.com' });
    const expected = {
      // The home page says what the school's hero says (the site's content, here the product's own).
      '/': ['Harbour English: live English classes online', HERO_LEAD],
      '/membership': [
        'Membership | Harbour English',
        'Credit packages and memberships for the live online English classes at Harbour English.',
      ],
      '/timetable': [
        'Timetable | Harbour English',
        'The coming live online English classes at Harbour English: times, teachers and seats left.',
      ],
      '/login': [
        'Sign in | Harbour English',
        'Sign in to Harbour English to book classes and follow your credits.',
      ],
      '/signup': [
        'Create your account | Harbour English',
        'Create a free Harbour English account to book live online English classes.',
      ],
    };
    for (const [path, [title, description]] of Object.entries(expected)) {
      const { head, body } = await page(path);
      expect(head, path).toMatchObject({
        title,
        description,
        robots: undefined,
        canonical: [`${SITE}${path}`],
        og: {
          siteName: 'Harbour English',
          title,
          description,
          url: `${SITE}${path}`,
          type: 'website',
          image: undefined,
        },
        twitterCard: 'summary',
      });
      // The build's own title and description are gone; its script stays.
      expect(body).not.toContain('Built title');
      expect(body).not.toContain("The build's own words");
      expect(head.scriptTypes).toContain('module');
    }
    // One trailing slash is the same page, with the same one address.
    expect((await page('/membership/')).head.canonical).toEqual([`${SITE}/membership`]);

    // In the visitor's language, as the page's lang.
    const japanese = await page('/membership', { 'accept-language': 'ja' });
    expect(japanese.head.title).toBe('料金プラン | Harbour English');
    expect(japanese.body).toContain('<html lang="ja" dir="ltr">');
  });

  it('describes the school on its home page as a schema.org EducationalOrganization', async () => {
    await saveSettings({
      school_name: 'Harbour English',
      legal_name: 'Harbour English Ltd',
      address: '1 Quay Street\nBristol',
    });
    const { head } = await page('/');
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'EducationalOrganization',
        name: 'Harbour English',
        description: HERO_LEAD,
        url: `${SITE}/`,
        email: 'hello@harbour.example.com',
        legalName: 'Harbour English Ltd',
        address: '1 Quay Street\nBristol',
      },
    ]);
  });

  it('keeps a school name with markup and quotes inert: text in the page, not tags', async () => {
    const hostile = `Ana's "Best" </script><script>alert(1)</script> & Co`;
    await saveSettings({ school_name: hostile });
    const { head, body } = await page('/');
    expect(head.title).toBe(`${hostile}: live English classes online`);
    expect(head.og.siteName).toBe(hostile);
    expect(head.og.title).toBe(head.title);
    // Only the page's own script and its structured data: the name opened no element.
    expect(head.scriptTypes.sort()).toEqual(['application/ld+json', 'module']);
    expect(head.jsonLd[0]?.name).toBe(hostile);
    expect(body).not.toContain('<script>alert(1)');
    await saveSettings({ school_name: 'Harbour English' });
  });

  it('leaves the private areas and one-time links out of search', async () => {
    for (const path of [
      '/admin/dashboard',
      '/user/dashboard',
      '/teacher/dashboard',
      '/reset-password',
      '/payment',
      '/no-such-page',
    ]) {
      const { head } = await page(path);
      expect(head, path).toMatchObject({
        title: 'Harbour English',
        robots: 'noindex',
        canonical: [],
        jsonLd: [],
      });
      expect(head.og.url).toBeUndefined();
    }
  });

  it("lists the coming classes on the timetable as online events in the school's time zone", async () => {
    await saveSettings({ time_zone: 'Asia/Tokyo' });
    const now = clock.now();
    // On a whole minute, as classes are scheduled: the event's times are written to the second.
    const start = Math.ceil((now + 2 * DAY_MS) / 60_000) * 60_000;
    const { user: teacher } = await createTeacher(t.db, { name: 'Mia Tanaka' });
    const course = await createCourse(t.db, {
      courseTitle: 'Business English',
      description: 'Meetings and e-mail.',
    });
    const soon = await createSchedule(t.db, {
      courseId: course.id,
      title: 'Leading Meetings',
      teacherId: teacher.id,
      startsAt: new Date(start),
      durationMin: 45,
      noOfUsers: 6,
      seatsTaken: 6,
    });
    coming.push(soon.id);
    await createSchedule(t.db, {
      title: 'Cancelled one',
      startsAt: new Date(now + DAY_MS),
      status: 'cancelled',
    });
    await createSchedule(t.db, { title: 'Started already', startsAt: new Date(now - HOUR_MS) });
    await createSchedule(t.db, { title: 'Next month', startsAt: new Date(now + 30 * DAY_MS) });

    const { head } = await page('/timetable');
    expect(head.jsonLd.map((data) => data.name)).toEqual(['Leading Meetings']);
    const [event] = head.jsonLd;
    expectOnlineClassEvent(event as Record<string, unknown>, `${SITE}/class/${soon.id}`);
    expect(event).toMatchObject({
      description: 'Meetings and e-mail.',
      performer: { '@type': 'Person', name: 'Mia Tanaka' },
      maximumVirtualAttendeeCapacity: 6,
      remainingAttendeeCapacity: 0,
      offers: { availability: 'https://schema.org/SoldOut' },
    });
    expect(String(event?.startDate)).toMatch(/\+09:00$/);
    expect(Date.parse(String(event?.startDate))).toBe(start);
    expect(Date.parse(String(event?.endDate))).toBe(start + 45 * 60_000);

    // The class's own page: its title and event; once it is cancelled, out of search.
    const own = await page(`/class/${soon.id}`);
    expect(own.head).toMatchObject({
      title: 'Leading Meetings | Harbour English',
      description: 'Meetings and e-mail.',
      canonical: [`${SITE}/class/${soon.id}`],
    });
    expectOnlineClassEvent(own.head.jsonLd[0] as Record<string, unknown>, `${SITE}/class/${soon.id}`);
    const untyped = await createSchedule(t.db, {
      courseId: (await createCourse(t.db, { courseTitle: 'Open Talk' })).id,
      title: 'Friday talk',
      startsAt: new Date(now + DAY_MS),
    });
    coming.push(untyped.id);
    expect((await page(`/class/${untyped.id}`)).head.description).toBe(
      'Open Talk: a live online English class at Harbour English.',
    );
    const cancelled = await createSchedule(t.db, { startsAt: new Date(now + DAY_MS), status: 'cancelled' });
    expect((await page(`/class/${cancelled.id}`)).head).toMatchObject({
      robots: 'noindex',
      canonical: [],
      jsonLd: [],
    });
    await saveSettings({ time_zone: 'UTC' });
  });

  it('writes sitemap.xml with exactly the public pages and the classes of the coming two weeks', async () => {
    const now = clock.now();
    const listed = await createSchedule(t.db, {
      title: 'In the sitemap',
      startsAt: new Date(now + 3 * DAY_MS),
    });
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(XMLValidator.validate(response.body)).toBe(true);
    const { urlset } = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' }).parse(
      response.body,
    );
    expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locations = (urlset.url as { loc: string }[]).map((url) => url.loc);

    // Every class still to come within 14 days and not cancelled: the timetable test's two and this one.
    const classes = locations.filter((loc) => loc.startsWith(`${SITE}/class/`));
    expect(classes.sort()).toEqual([...coming, listed.id].map((id) => `${SITE}/class/${id}`).sort());
    expect(locations.filter((loc) => !classes.includes(loc))).toEqual(
      ['/', '/membership', '/timetable', '/login', '/signup', '/blogs'].map((path) => `${SITE}${path}`),
    );
    for (const loc of classes) {
      const { head } = await page(new URL(loc).pathname);
      expect(head.canonical, loc).toEqual([loc]);
    }
  });

  it('writes robots.txt: the private areas closed, the sitemap named', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin', '/user/', '/teacher/', '/api/', '/payment', '/reset-password']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it("takes the school's published pages and posts, and the home page's words, from the site's content", async () => {
    const seo = createSeoService(t.db, {
      settings: schoolSettingsModule(t.db, { config: t.config, clock }).service,
      clock,
      publicUrl: SITE,
      publishedEntries: async () => [
        {
          path: '/',
          title: 'Home',
          description: 'Small classes, real teachers.',
          updatedAt: null,
          imageUrl: 'https://img.example.com/hero.jpg',
        },
        {
          path: '/blogs/phrasal-verbs',
          title: 'Ten phrasal verbs <for work>',
          description: 'Get on, get by & get ahead.',
          updatedAt: new Date('2026-11-20T10:00:00Z'),
          imageUrl: 'https://img.example.com/cover.jpg',
          type: 'article',
        },
      ],
    });
    expect(await seo.head('/blogs/phrasal-verbs', 'en')).toMatchObject({
      title: 'Ten phrasal verbs <for work> | Harbour English',
      description: 'Get on, get by & get ahead.',
      canonical: `${SITE}/blogs/phrasal-verbs`,
      type: 'article',
      imageUrl: 'https://img.example.com/cover.jpg',
    });
    expect(await seo.head('/', 'en')).toMatchObject({
      description: 'Small classes, real teachers.',
      imageUrl: 'https://img.example.com/hero.jpg',
      canonical: `${SITE}/`,
    });
    const sitemap = await seo.sitemap();
    expect(XMLValidator.validate(sitemap)).toBe(true);
    expect(sitemap).toContain(
      `<url><loc>${SITE}/blogs/phrasal-verbs</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod></url>`,
    );
    expect(sitemap.match(new RegExp(`<loc>${SITE}/</loc>`, 'g'))).toHaveLength(1);
  });
  it("lists and describes the school's own published pages and posts, never a draft or a post still to come", async () => {
    const now = clock.now();
    const updated = new Date(now - DAY_MS);
    await createSitePage(t.db, { slug: 'about', title: 'About Harbour', updatedAt: updated });
    await createSitePage(t.db, { slug: 'terms', title: 'Terms of use', updatedAt: updated });
    await createSitePage(t.db, { slug: 'unfinished', title: 'Not yet', status: 'draft' });
    await createBlogPost(t.db, {
      slug: 'phrasal-verbs',
      title: 'Ten phrasal verbs for work',
      summary: 'Get on, get by and get ahead.',
      coverUrl: 'https://img.example.com/cover.jpg',
      publishedAt: new Date(now - HOUR_MS),
      updatedAt: updated,
    });
    await createBlogPost(t.db, { slug: 'next-week', publishedAt: new Date(now + 7 * DAY_MS) });
    // Written here, not through the API: the heads read them from the response cache's next window.
    await clock.tick(RESPONSE_CACHE_WINDOW_MS);

    expect((await page('/about-us')).head).toMatchObject({
      title: 'About Harbour | Harbour English',
      robots: undefined,
      canonical: [`${SITE}/about-us`],
    });
    expect((await page('/pages/terms')).head.canonical).toEqual([`${SITE}/pages/terms`]);
    expect((await page('/blogs/phrasal-verbs')).head).toMatchObject({
      title: 'Ten phrasal verbs for work | Harbour English',
      description: 'Get on, get by and get ahead.',
      og: { type: 'article', image: 'https://img.example.com/cover.jpg' },
      twitterCard: 'summary_large_image',
    });
    // A cover uploaded to the site is a path: link previews get its whole address.
    await createBlogPost(t.db, {
      slug: 'uploaded-cover',
      coverUrl: '/media/AAAAAAAAAAAAAAAAAAAAAA.webp',
      publishedAt: new Date(now - HOUR_MS),
      updatedAt: updated,
    });
    await clock.tick(RESPONSE_CACHE_WINDOW_MS);
    expect((await page('/blogs/uploaded-cover')).head).toMatchObject({
      og: { image: `${SITE}/media/AAAAAAAAAAAAAAAAAAAAAA.webp` },
      twitterCard: 'summary_large_image',
    });
    for (const hidden of ['/pages/unfinished', '/blogs/next-week']) {
      expect((await page(hidden)).head.robots, hidden).toBe('noindex');
    }

    const sitemap = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const { urlset } = new XMLParser({ isArray: (name) => name === 'url' }).parse(sitemap);
    const entries = (urlset.url as { loc: string; lastmod?: string }[]).filter(
      (url) => url.loc.includes('/pages/') || url.loc.includes('/blogs/') || url.loc.endsWith('/about-us'),
    );
    expect(entries).toEqual([
      { loc: `${SITE}/about-us`, lastmod: updated.toISOString() },
      { loc: `${SITE}/pages/terms`, lastmod: updated.toISOString() },
      { loc: `${SITE}/blogs/uploaded-cover`, lastmod: updated.toISOString() },
      { loc: `${SITE}/blogs/phrasal-verbs`, lastmod: updated.toISOString() },
    ]);
  });
});
