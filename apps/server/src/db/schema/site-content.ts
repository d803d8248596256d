import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

// The words of the school's public site that it writes itself (packages/contract/src/site-content.ts).
// Markdown is kept as written; the server renders it to sanitised HTML when a visitor reads it.

/** The home page's hero: one row, made by the migration with the product's own words. */
export const siteHero = pgTable(
  'site_hero',
  {
    id: smallint('id').primaryKey().default(1),
    badge: varchar('badge', { length: 60 }).notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    lead: varchar('lead', { length: 300 }).notNull(),
    imageUrl: varchar('image_url', { length: 500 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_hero_single_row', sql`${t.id} = 1`)],
);

/** The home page's FAQ, in the school's order. */
export const faqItems = pgTable(
  'faq_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    position: smallint('position').notNull(),
    question: varchar('question', { length: 200 }).notNull(),
    answer: text('answer').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('draft'),
  },
  (t) => [
    index('faq_items_position_idx').on(t.position, t.id),
    check('faq_items_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);

/** About, Terms, Privacy, Cookies and any page the school adds; published ones are linked from the footer. */
export const sitePages = pgTable(
  'site_pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: varchar('slug', { length: 80 }).notNull(),
    title: varchar('title', { length: 150 }).notNull(),
    body: text('body').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('site_pages_slug_unique').on(t.slug),
    check('site_pages_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);

/** The blog: a published post is seen from its publish date. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: varchar('slug', { length: 80 }).notNull(),
    title: varchar('title', { length: 150 }).notNull(),
    summary: varchar('summary', { length: 300 }).notNull(),
    coverUrl: varchar('cover_url', { length: 500 }),
    author: varchar('author', { length: 120 }).notNull(),
    body: text('body').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_unique').on(t.slug),
    index('blog_posts_published_idx').on(t.status, t.publishedAt, t.id),
    check('blog_posts_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);

export type SitePageRow = typeof sitePages.$inferSelect;
export type BlogPostRow = typeof blogPosts.$inferSelect;
export type FaqItemRow = typeof faqItems.$inferSelect;
export type SiteHeroRow = typeof siteHero.$inferSelect;

/** Raw bytes: node-postgres gives a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Pictures uploaded in the Site section, resized and re-encoded by the server (modules/site/site-images.ts),
 * served at /media/{id}.webp. The id is random and never listed, so a picture is reached only from where it is used.
 */
export const siteImages = pgTable('site_images', {
  id: varchar('id', { length: 22 }).primaryKey(),
  contentType: varchar('content_type', { length: 40 }).notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
