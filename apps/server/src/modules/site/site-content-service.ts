import type {
  BlogPost,
  BlogPostBody,
  FaqBody,
  FaqItem,
  PublicBlogPost,
  PublicBlogPostSummary,
  PublicSitePage,
  SiteHero,
  SiteHeroBody,
  SitePage,
  SitePageBody,
  SiteStatus,
} from '@tokenly/contract/site-content';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { BlogPostRow, SiteHeroRow, SitePageRow } from '../../db/schema/site-content';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { pageOffset, toPage } from '../../lib/pagination';
import { renderMarkdown } from './markdown';
import {
  countVisiblePosts,
  findBlogPost,
  findHero,
  findSitePage,
  insertBlogPost,
  insertSitePage,
  listBlogPosts,
  listFaq,
  listSitePages,
  listVisiblePosts,
  replaceFaq,
  updateBlogPost,
  updateHero,
  updateSitePage,
} from './site-content-repository';

const statusOf = (value: string) => value as SiteStatus;

const heroDto = (row: SiteHeroRow): SiteHero => ({
  badge: row.badge,
  title: row.title,
  lead: row.lead,
  image_url: row.imageUrl,
});

const pageDto = (row: SitePageRow): SitePage => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  body: row.body,
  status: statusOf(row.status),
  updated_at: row.updatedAt.toISOString(),
});

const postDto = (row: BlogPostRow): BlogPost => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  cover_url: row.coverUrl,
  author: row.author,
  body: row.body,
  status: statusOf(row.status),
  published_at: row.publishedAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const postSummaryDto = (row: BlogPostRow): PublicBlogPostSummary => ({
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  cover_url: row.coverUrl,
  author: row.author,
  published_at: row.publishedAt.toISOString(),
});

const SLUG_TAKEN = {
  page: 'Another page already has this slug.',
  post: 'Another post already has this slug.',
};

/** A save whose slug another page or post holds: 409 on the slug field. */
async function slugChecked<T>(kind: 'page' | 'post', constraint: string, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (!isUniqueViolation(error, constraint)) throw error;
    throw new AppError('CONFLICT', SLUG_TAKEN[kind], { slug: [SLUG_TAKEN[kind]] });
  }
}

const found = <T>(row: T | undefined, what: string): T => {
  if (!row) throw new AppError('NOT_FOUND', `${what} not found.`);
  return row;
};

/**
 * The school's own words on its public site. Administrators read and write everything, drafts too;
 * visitors read only what is published (a post from its publish date), Markdown rendered to sanitised
 * HTML. Every write is an administrative call, so plugins/audit-log.ts records it.
 */
export function createSiteContentService(db: Database, { clock }: { clock: Clock }) {
  const visiblePost = (row: BlogPostRow | undefined) =>
    row && row.status === 'published' && row.publishedAt <= nowOf(clock) ? row : undefined;

  return {
    // ------------------------------------------------------------------ the home page (GET site)
    async publicHome() {
      const [hero, faq, pages] = await Promise.all([
        findHero(db),
        listFaq(db, true),
        listSitePages(db, true),
      ]);
      return {
        hero: heroDto(hero),
        faq: faq.map((item) => ({ question: item.question, answer_html: renderMarkdown(item.answer) })),
        pages: pages.map((page) => ({ slug: page.slug, title: page.title })),
      };
    },

    // -------------------------------------------------------------------------------------- hero
    async hero() {
      const row = await findHero(db);
      return { ...heroDto(row), updated_at: row.updatedAt.toISOString() };
    },
    async saveHero(body: SiteHeroBody) {
      const row = await updateHero(db, {
        badge: body.badge,
        title: body.title,
        lead: body.lead,
        imageUrl: body.image_url,
        updatedAt: nowOf(clock),
      });
      return { ...heroDto(row), updated_at: row.updatedAt.toISOString() };
    },

    // --------------------------------------------------------------------------------------- FAQ
    async faq(): Promise<FaqItem[]> {
      return (await listFaq(db, false)).map((item) => ({
        question: item.question,
        answer: item.answer,
        status: statusOf(item.status),
      }));
    },
    async saveFaq(body: FaqBody): Promise<FaqItem[]> {
      await replaceFaq(db, body.items);
      return this.faq();
    },

    // ------------------------------------------------------------------------------------- pages
    async pages() {
      return (await listSitePages(db, false)).map((row) => {
        const { body: _body, ...page } = pageDto(row);
        return page;
      });
    },
    async page(id: number): Promise<SitePage> {
      return pageDto(found(await findSitePage(db, { id }), 'Page'));
    },
    async createPage(body: SitePageBody): Promise<SitePage> {
      const now = nowOf(clock);
      const row = await slugChecked('page', 'site_pages_slug_unique', () =>
        insertSitePage(db, { ...body, createdAt: now, updatedAt: now }),
      );
      return pageDto(row);
    },
    async updatePage(id: number, body: SitePageBody): Promise<SitePage> {
      const row = await slugChecked('page', 'site_pages_slug_unique', () =>
        updateSitePage(db, id, { ...body, updatedAt: nowOf(clock) }),
      );
      return pageDto(found(row, 'Page'));
    },
    /** A published page for visitors; a draft is as absent as a page never written. */
    async publicPage(slug: string): Promise<PublicSitePage> {
      const row = await findSitePage(db, { slug });
      const page = found(row?.status === 'published' ? row : undefined, 'Page');
      return {
        slug: page.slug,
        title: page.title,
        html: renderMarkdown(page.body),
        updated_at: page.updatedAt.toISOString(),
      };
    },

    // -------------------------------------------------------------------------------------- blog
    async posts() {
      return (await listBlogPosts(db)).map((row) => {
        const { body: _body, ...post } = postDto(row);
        return post;
      });
    },
    async post(id: number): Promise<BlogPost> {
      return postDto(found(await findBlogPost(db, { id }), 'Post'));
    },
    async createPost(body: BlogPostBody): Promise<BlogPost> {
      const now = nowOf(clock);
      const row = await slugChecked('post', 'blog_posts_slug_unique', () =>
        insertBlogPost(db, { ...postValues(body), createdAt: now, updatedAt: now }),
      );
      return postDto(row);
    },
    async updatePost(id: number, body: BlogPostBody): Promise<BlogPost> {
      const row = await slugChecked('post', 'blog_posts_slug_unique', () =>
        updateBlogPost(db, id, { ...postValues(body), updatedAt: nowOf(clock) }),
      );
      return postDto(found(row, 'Post'));
    },
    /** The blog's list for visitors: published posts whose date has come, newest first. */
    async publicPosts(page: number) {
      const now = nowOf(clock);
      const [rows, total] = await Promise.all([
        listVisiblePosts(db, now, pageOffset(page)),
        countVisiblePosts(db, now),
      ]);
      return toPage(rows.map(postSummaryDto), total, page);
    },
    async publicPost(slug: string): Promise<PublicBlogPost> {
      const post = found(visiblePost(await findBlogPost(db, { slug })), 'Post');
      return { ...postSummaryDto(post), html: renderMarkdown(post.body) };
    },

    /** Markdown as visitors would see it, for the editor's preview. */
    preview: (markdown: string) => ({ html: renderMarkdown(markdown) }),
  };
}

const postValues = (body: BlogPostBody) => ({
  slug: body.slug,
  title: body.title,
  summary: body.summary,
  coverUrl: body.cover_url,
  author: body.author,
  body: body.body,
  status: body.status,
  publishedAt: new Date(body.published_at),
});

export type SiteContentService = ReturnType<typeof createSiteContentService>;
