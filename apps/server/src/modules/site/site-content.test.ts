import { auditPageResponseSchema } from '@tokenly/contract/audit';
import { PAGE_SIZE } from '@tokenly/contract/common';
import { siteContentResponseSchema } from '@tokenly/contract/site';
import {
  blogPostSaveResponseSchema,
  publicBlogPageResponseSchema,
  publicBlogPostResponseSchema,
  publicSitePageResponseSchema,
  sitePageSaveResponseSchema,
} from '@tokenly/contract/site-content';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlogPost, createSitePage } from '../../db/seed/factories';
import { expectAdminOnly } from '../../test/admin-guard';
import { bearer, createTestApp, signedInUser, type TestApp, XHR } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { listPublishedSiteEntries } from './site-content-repository';

// The words the school writes in the Site section: only administrators change them, every change is in
// the audit log, visitors read only what is published, and Markdown reaches them as inert HTML.

const HOSTILE_MARKDOWN = [
  '# Welcome',
  '',
  '<script>alert("x")</script>',
  '',
  '[Click me](javascript:alert(1)) and <a href="JaVaScRiPt:alert(2)">this</a>',
  '',
  '<img src="https://images.example.com/a.png" onerror="alert(3)" alt="A class"> ',
  '<p onclick="alert(4)" style="color:red">Styled</p>',
  '<iframe src="https://evil.example.com"></iframe>',
  '',
  '[Our timetable](https://school.example.com/timetable)',
].join('\n');

describe.each(TEST_DATABASE_KINDS)('site content on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;
  let admin: { authorization: string };
  let learnerToken: string;
  let teacherToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
    admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
    learnerToken = (await signedInUser(t.app, t.db)).token;
    teacherToken = (await signedInUser(t.app, t.db, 'teacher')).token;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = XHR) =>
    t.app.inject({ method: 'GET', url: `/api/${url}`, headers });
  const send = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, headers = admin) =>
    t.app.inject({ method, url: `/api/${url}`, headers, payload });
  const site = async () => siteContentResponseSchema.parse((await get('site')).json()).data;
  const auditActions = async () =>
    auditPageResponseSchema
      .parse((await get('admin-audit-log', admin)).json())
      .data.data.map((entry) => [entry.action, entry.subject_id]);

  const pageBody = { slug: 'about', title: 'About us', body: 'Our **story**.', status: 'draft' };
  const postBody = {
    slug: 'five-phrases-for-meetings',
    title: 'Five phrases for meetings',
    summary: 'Open, steer and close a meeting in English.',
    cover_url: 'https://images.example.com/meetings.jpg',
    author: 'James Patel',
    body: 'Start with *Shall we begin?*',
    status: 'draft',
    published_at: '2026-01-10T09:00:00Z',
  };

  it('lets only administrators read and change the site, and records every change', async () => {
    const created = await createSitePage(t.db, { slug: 'guarded', status: 'draft' });
    const post = await createBlogPost(t.db, { slug: 'guarded-post', status: 'draft' });
    const calls = [
      { method: 'GET', url: '/api/admin-site/hero' },
      { method: 'PUT', url: '/api/admin-site/hero', payload: { badge: '', title: 'Hi', lead: '' } },
      { method: 'GET', url: '/api/admin-site/faq' },
      { method: 'PUT', url: '/api/admin-site/faq', payload: { items: [] } },
      { method: 'GET', url: '/api/admin-site/pages' },
      { method: 'POST', url: '/api/admin-site/pages', payload: pageBody },
      { method: 'GET', url: `/api/admin-site/pages/${created.id}` },
      { method: 'PUT', url: `/api/admin-site/pages/${created.id}`, payload: pageBody },
      { method: 'GET', url: '/api/admin-site/posts' },
      { method: 'POST', url: '/api/admin-site/posts', payload: postBody },
      { method: 'GET', url: `/api/admin-site/posts/${post.id}` },
      { method: 'PUT', url: `/api/admin-site/posts/${post.id}`, payload: postBody },
      { method: 'POST', url: '/api/admin-site/preview', payload: { markdown: 'x' } },
    ] as const;
    await expectAdminOnly(t, learnerToken, [...calls]);
    for (const call of calls) {
      const byTeacher = await t.app.inject({ ...call, headers: bearer(teacherToken) });
      expect(byTeacher.statusCode, `${call.method} ${call.url}`).toBe(403);
    }

    const hero = await send('PUT', 'admin-site/hero', {
      badge: 'Evening classes',
      title: 'English for busy people',
      lead: 'Book the classes that fit your week.',
      image_url: 'https://images.example.com/hero.jpg',
    });
    expect(hero.statusCode).toBe(200);
    expect((await site()).hero).toEqual({
      badge: 'Evening classes',
      title: 'English for busy people',
      lead: 'Book the classes that fit your week.',
      image_url: 'https://images.example.com/hero.jpg',
    });
    const refused = await send('PUT', 'admin-site/hero', {
      badge: '',
      title: '',
      lead: '',
      image_url: 'javascript:x',
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(expect.arrayContaining(['title', 'image_url']));

    const page = await send('POST', 'admin-site/pages', { ...pageBody, slug: 'audited' });
    expect(page.statusCode).toBe(201);
    const pageId = sitePageSaveResponseSchema.parse(page.json()).data.id;
    const preview = await send('POST', 'admin-site/preview', { markdown: '**Bold**' });
    expect(preview.json().data.html).toBe('<p><strong>Bold</strong></p>\n');

    // Every write, and only writes: the preview changes nothing and is not in the log. A page's entry
    // names it as it is now.
    expect((await auditActions()).slice(0, 2)).toEqual([
      ['adminSitePageCreate', pageId],
      ['adminSiteHeroSave', null],
    ]);
    const [entry] = auditPageResponseSchema.parse((await get('admin-audit-log', admin)).json()).data.data;
    expect(entry?.subject).toEqual({
      kind: 'site-page',
      id: pageId,
      name: 'About us',
      role: null,
      class_id: null,
    });
    expect(entry?.details).toMatchObject({ slug: 'audited', status: 'draft' });
  });

  it('shows visitors a page only once it is published: a draft slug is a 404', async () => {
    const created = await send('POST', 'admin-site/pages', pageBody);
    expect(created.statusCode).toBe(201);
    const page = sitePageSaveResponseSchema.parse(created.json()).data;
    expect(page).toMatchObject({ slug: 'about', title: 'About us', status: 'draft' });

    expect((await get('site-pages/about')).statusCode).toBe(404);
    expect((await site()).pages.map((link) => link.slug)).not.toContain('about');
    expect((await get('site-pages/no-such-page')).statusCode).toBe(404);
    // Drafts are the administrators' alone, whoever else asks.
    for (const token of [learnerToken, teacherToken])
      expect((await get('site-pages/about', bearer(token))).statusCode).toBe(404);

    const published = await send('PUT', `admin-site/pages/${page.id}`, { ...pageBody, status: 'published' });
    expect(published.statusCode).toBe(200);
    const shown = publicSitePageResponseSchema.parse((await get('site-pages/about')).json()).data;
    expect(shown).toMatchObject({
      slug: 'about',
      title: 'About us',
      html: '<p>Our <strong>story</strong>.</p>\n',
    });
    expect((await site()).pages).toContainEqual({ slug: 'about', title: 'About us' });

    // Taken back to a draft, it is gone again.
    expect((await send('PUT', `admin-site/pages/${page.id}`, pageBody)).statusCode).toBe(200);
    expect((await get('site-pages/about')).statusCode).toBe(404);

    // A slug is one page's: another page cannot take it; a slug is lowercase words and hyphens.
    const twin = await send('POST', 'admin-site/pages', { ...pageBody, title: 'Twin' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().errors.slug).toEqual(['Another page already has this slug.']);
    for (const slug of ['About', 'about us', '../admin', 'about--us', ''])
      expect((await send('POST', 'admin-site/pages', { ...pageBody, slug })).statusCode, slug).toBe(422);
    expect((await send('PUT', 'admin-site/pages/999999', pageBody)).statusCode).toBe(404);
  });

  it('renders Markdown inert: no script, no javascript: link, no event handler or style', async () => {
    await createSitePage(t.db, { slug: 'hostile', body: HOSTILE_MARKDOWN });
    await createBlogPost(t.db, {
      slug: 'hostile-post',
      body: HOSTILE_MARKDOWN,
      publishedAt: new Date(clock.now()),
    });
    const page = publicSitePageResponseSchema.parse((await get('site-pages/hostile')).json()).data.html;
    const post = publicBlogPostResponseSchema.parse((await get('blog-posts/hostile-post')).json()).data.html;
    const preview = (await send('POST', 'admin-site/preview', { markdown: HOSTILE_MARKDOWN })).json().data
      .html;
    for (const html of [page, post, preview]) {
      expect(html).not.toMatch(/<script|javascript:|onerror|onclick|style=|<iframe/i);
      // What is safe stays: the heading (below the page's own title), the picture, the school's link.
      expect(html).toContain('<h2>Welcome</h2>');
      expect(html).toContain('<img src="https://images.example.com/a.png" alt="A class" />');
      expect(html).toContain('<a href="https://school.example.com/timetable">Our timetable</a>');
      expect(html).toContain('<p>Styled</p>');
      // A link whose address was dropped is no link: its words stay, with nothing to follow.
      expect(html).toContain('<a>Click me</a>');
    }
  });

  it('shows a post from its publish date, drafts never, and lists the blog 15 a page, newest first', async () => {
    const created = await send('POST', 'admin-site/posts', postBody);
    expect(created.statusCode).toBe(201);
    const post = blogPostSaveResponseSchema.parse(created.json()).data;
    expect((await get(`blog-posts/${post.slug}`)).statusCode).toBe(404);

    // Published with a date still to come: seen from that date by the app's clock.
    const now = clock.now();
    const later = new Date(now + 60 * 60 * 1000).toISOString();
    await send('PUT', `admin-site/posts/${post.id}`, {
      ...postBody,
      status: 'published',
      published_at: later,
    });
    expect((await get(`blog-posts/${post.slug}`)).statusCode).toBe(404);
    await clock.tick(60 * 60 * 1000);
    const shown = publicBlogPostResponseSchema.parse((await get(`blog-posts/${post.slug}`)).json()).data;
    expect(shown).toEqual({
      slug: 'five-phrases-for-meetings',
      title: 'Five phrases for meetings',
      summary: 'Open, steer and close a meeting in English.',
      cover_url: 'https://images.example.com/meetings.jpg',
      author: 'James Patel',
      published_at: later,
      html: '<p>Start with <em>Shall we begin?</em></p>\n',
    });

    // Sixteen more visible posts, one draft and one for tomorrow: 17 on two pages.
    const base = clock.now() - 30 * 24 * 60 * 60 * 1000;
    for (let index = 0; index < 16; index += 1)
      await createBlogPost(t.db, {
        slug: `weekly-tip-${index}`,
        publishedAt: new Date(base + index * 60_000),
      });
    await createBlogPost(t.db, { slug: 'still-a-draft', status: 'draft', publishedAt: new Date(base) });
    await createBlogPost(t.db, {
      slug: 'tomorrow',
      publishedAt: new Date(clock.now() + 24 * 60 * 60 * 1000),
    });
    const visible = async (page: number) =>
      publicBlogPageResponseSchema.parse((await get(`blog-posts?page=${page}`)).json()).data;
    const first = await visible(1);
    // The hostile test's post is there too: every published post whose date has come.
    expect(first.total).toBe(18);
    expect(first.last_page).toBe(2);
    expect(first.data).toHaveLength(PAGE_SIZE);
    const second = await visible(2);
    expect(second.data).toHaveLength(3);
    const slugs = [...first.data, ...second.data].map((row) => row.slug);
    expect(slugs[0]).toBe('five-phrases-for-meetings');
    expect(slugs.filter((slug) => slug.startsWith('weekly-tip-'))).toEqual(
      Array.from({ length: 16 }, (_, index) => `weekly-tip-${15 - index}`),
    );
    expect(slugs).not.toContain('still-a-draft');
    expect(slugs).not.toContain('tomorrow');
    expect(new Set(slugs).size).toBe(18);

    // Administrators see every post, drafts and future ones too.
    const all = (await get('admin-site/posts', admin)).json().data.map((row: { slug: string }) => row.slug);
    expect(all).toEqual(expect.arrayContaining(['still-a-draft', 'tomorrow', 'five-phrases-for-meetings']));

    // What search engines are given: the published pages and the posts visitors can read.
    const entries = await listPublishedSiteEntries(t.db, new Date(clock.now()));
    const names = entries.map((entry) => `${entry.kind}:${entry.slug}`);
    expect(names).toContain('post:five-phrases-for-meetings');
    expect(names).toContain('page:hostile');
    expect(names).not.toContain('post:still-a-draft');
    expect(names).not.toContain('post:tomorrow');
    expect(names).not.toContain('page:about');
    expect(entries.find((entry) => entry.slug === 'five-phrases-for-meetings')).toMatchObject({
      title: 'Five phrases for meetings',
      summary: 'Open, steer and close a meeting in English.',
      updatedAt: expect.any(Date),
    });
  });

  it('keeps the FAQ in the order it is saved in, and shows visitors only its published answers as HTML', async () => {
    // The migration's questions, published, for a school that has not written its own.
    expect((await site()).faq.length).toBeGreaterThan(0);
    const saved = await send('PUT', 'admin-site/faq', {
      items: [
        { question: 'Second asked first?', answer: 'Yes, *first*.', status: 'published' },
        { question: 'Hidden?', answer: 'Not yet.', status: 'draft' },
        { question: 'Then this one?', answer: '<script>x()</script>Then.', status: 'published' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.map((item: { question: string }) => item.question)).toEqual([
      'Second asked first?',
      'Hidden?',
      'Then this one?',
    ]);
    expect((await site()).faq).toEqual([
      { question: 'Second asked first?', answer_html: '<p>Yes, <em>first</em>.</p>\n' },
      // A block of raw HTML: the script goes, the words stay.
      { question: 'Then this one?', answer_html: 'Then.' },
    ]);
    const blank = await send('PUT', 'admin-site/faq', {
      items: [{ question: 'Q?', answer: ' ', status: 'draft' }],
    });
    expect(blank.statusCode).toBe(422);
  });
});
