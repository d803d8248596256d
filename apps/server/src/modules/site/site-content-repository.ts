import { PAGE_SIZE } from '@tokenly/contract/common';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { blogPosts, faqItems, type SiteHeroRow, siteHero, sitePages } from '../../db/schema/site-content';

export type NewSitePage = Omit<typeof sitePages.$inferInsert, 'id'>;
export type NewBlogPost = Omit<typeof blogPosts.$inferInsert, 'id'>;

const published = 'published';
/** A post visitors see: published, and its publish date reached. */
const visiblePost = (now: Date) => and(eq(blogPosts.status, published), lte(blogPosts.publishedAt, now));

export async function findHero(db: Database): Promise<SiteHeroRow> {
  const [row] = await db.select().from(siteHero).where(eq(siteHero.id, 1));
  // Made by migration 0032 and never deleted.
  if (!row) throw new Error('site_hero has no row: migration 0032 was not applied');
  return row;
}

export async function updateHero(db: Database, values: Omit<typeof siteHero.$inferInsert, 'id'>) {
  const [row] = await db.update(siteHero).set(values).where(eq(siteHero.id, 1)).returning();
  if (!row) throw new Error('site_hero has no row: migration 0032 was not applied');
  return row;
}

export function listFaq(db: Database, onlyPublished: boolean) {
  return db
    .select()
    .from(faqItems)
    .where(onlyPublished ? eq(faqItems.status, published) : undefined)
    .orderBy(asc(faqItems.position), asc(faqItems.id));
}

/** The FAQ replaced by `items`, in their order. */
export async function replaceFaq(
  db: Database,
  items: { question: string; answer: string; status: string }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(faqItems);
    if (items.length > 0)
      await tx.insert(faqItems).values(items.map((item, index) => ({ ...item, position: index + 1 })));
  });
}

export function listSitePages(db: Database, onlyPublished: boolean) {
  return db
    .select()
    .from(sitePages)
    .where(onlyPublished ? eq(sitePages.status, published) : undefined)
    .orderBy(asc(sitePages.id));
}

export async function findSitePage(db: Database, by: { id: number } | { slug: string }) {
  const [row] = await db
    .select()
    .from(sitePages)
    .where('id' in by ? eq(sitePages.id, by.id) : eq(sitePages.slug, by.slug));
  return row;
}

export async function insertSitePage(db: Database, values: NewSitePage) {
  const [row] = await db.insert(sitePages).values(values).returning();
  if (!row) throw new Error('insert into site_pages returned no row');
  return row;
}

export async function updateSitePage(db: Database, id: number, values: Partial<NewSitePage>) {
  const [row] = await db.update(sitePages).set(values).where(eq(sitePages.id, id)).returning();
  return row;
}

export function listBlogPosts(db: Database) {
  return db.select().from(blogPosts).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
}

/** A page of the posts visitors see, newest first. */
export function listVisiblePosts(db: Database, now: Date, offset: number) {
  return db
    .select()
    .from(blogPosts)
    .where(visiblePost(now))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(PAGE_SIZE)
    .offset(offset);
}

export function countVisiblePosts(db: Database, now: Date): Promise<number> {
  return db.$count(blogPosts, visiblePost(now));
}

export async function findBlogPost(db: Database, by: { id: number } | { slug: string }) {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where('id' in by ? eq(blogPosts.id, by.id) : eq(blogPosts.slug, by.slug));
  return row;
}

export async function insertBlogPost(db: Database, values: NewBlogPost) {
  const [row] = await db.insert(blogPosts).values(values).returning();
  if (!row) throw new Error('insert into blog_posts returned no row');
  return row;
}

export async function updateBlogPost(db: Database, id: number, values: Partial<NewBlogPost>) {
  const [row] = await db.update(blogPosts).set(values).where(eq(blogPosts.id, id)).returning();
  return row;
}

/** A published page or post as search engines list it. */
export type PublishedSiteEntry = {
  kind: 'page' | 'post';
  slug: string;
  title: string;
  /** A post's summary; null for a page. */
  summary: string | null;
  /** A post's cover picture; null for a page. */
  coverUrl: string | null;
  updatedAt: Date;
};

/**
 * Every page and post visitors can read at `now` (slug, title, summary, last change): what the sitemap
 * and the pages' titles and descriptions are made from.
 */
export async function listPublishedSiteEntries(db: Database, now: Date): Promise<PublishedSiteEntry[]> {
  const [pages, posts] = await Promise.all([
    db
      .select({ slug: sitePages.slug, title: sitePages.title, updatedAt: sitePages.updatedAt })
      .from(sitePages)
      .where(eq(sitePages.status, published))
      .orderBy(asc(sitePages.id)),
    db
      .select({
        slug: blogPosts.slug,
        title: blogPosts.title,
        summary: blogPosts.summary,
        coverUrl: blogPosts.coverUrl,
        updatedAt: blogPosts.updatedAt,
      })
      .from(blogPosts)
      .where(visiblePost(now))
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)),
  ]);
  return [
    ...pages.map((page) => ({ kind: 'page' as const, ...page, summary: null, coverUrl: null })),
    ...posts.map((post) => ({ kind: 'post' as const, ...post })),
  ];
}
