import { z } from 'zod';
import {
  envelope,
  isoDateTimeInput,
  multiLine,
  optionalPictureUrl,
  paginated,
  singleLine,
} from './common.ts';
import { SITE_IMAGE_MAX_BYTES } from './constants.ts';

// The words of the school's public site that it writes itself: the home page's hero, its FAQ, its pages
// (About, Terms, Privacy, Cookies and any it adds) and its blog. Pages, posts and FAQ answers are written
// in Markdown; the server turns them into sanitised HTML, so the browser never parses Markdown.

export const SITE_TITLE_MAX = 150;
export const SITE_SUMMARY_MAX = 300;
export const SITE_SLUG_MAX = 80;
export const SITE_AUTHOR_MAX = 120;
export const SITE_MARKDOWN_MAX = 50_000;
export const FAQ_QUESTION_MAX = 200;
export const FAQ_ANSWER_MAX = 2_000;
export const FAQ_ITEMS_MAX = 30;
export const HERO_BADGE_MAX = 60;
export const HERO_TITLE_MAX = 120;
export const HERO_LEAD_MAX = 300;

/** Draft: only administrators see it. Published: every visitor (a post from its publish date). */
export const SITE_STATUSES = ['draft', 'published'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

const text = (label: string, max: number, min = 1) =>
  singleLine(
    z
      .string({ error: `${label} is required.` })
      .trim()
      .min(min, `${label} is required.`)
      .max(max, `${label} must be at most ${max} characters.`),
  );

const markdown = (label: string, max: number) =>
  multiLine(
    z.string({ error: `${label} is required.` }).max(max, `${label} must be at most ${max} characters.`),
  );

/** The last part of a page's or post's address: lowercase letters, digits and single hyphens. */
export const slugInput = singleLine(
  z
    .string({ error: 'Slug is required.' })
    .trim()
    .max(SITE_SLUG_MAX, `Slug must be at most ${SITE_SLUG_MAX} characters.`)
    .regex(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
      'Slug may hold only lowercase letters, digits and hyphens, e.g. about-us.',
    ),
);
export const slugParamSchema = z.object({ slug: slugInput });

const statusInput = z.enum(SITE_STATUSES, { error: 'Status must be draft or published.' });

// ---------------------------------------------------------------------------------------------- hero

export const siteHeroSchema = z.object({
  badge: z.string(),
  title: z.string(),
  lead: z.string(),
  /** A picture beside the words; none when null. */
  image_url: z.string().nullable(),
});
export type SiteHero = z.infer<typeof siteHeroSchema>;
export const siteHeroResponseSchema = envelope(siteHeroSchema.extend({ updated_at: z.string() }));

export const siteHeroBodySchema = z.object({
  badge: text('Badge', HERO_BADGE_MAX, 0),
  title: text('Title', HERO_TITLE_MAX),
  lead: text('Lead', HERO_LEAD_MAX, 0),
  image_url: optionalPictureUrl('Image address', 500).transform((value) => value ?? null),
});
export type SiteHeroInput = z.input<typeof siteHeroBodySchema>;
export type SiteHeroBody = z.output<typeof siteHeroBodySchema>;

// ----------------------------------------------------------------------------------------------- FAQ

/** A question of the FAQ as an administrator edits it (the answer in Markdown). */
export const faqItemSchema = z.object({
  question: z.string(),
  answer: z.string(),
  status: z.enum(SITE_STATUSES),
});
export type FaqItem = z.infer<typeof faqItemSchema>;
export const faqListResponseSchema = envelope(z.array(faqItemSchema));

/** PUT admin-site/faq: the whole FAQ in its order, replacing the one before. */
export const faqBodySchema = z.object({
  items: z
    .array(
      z.object({
        question: text('Question', FAQ_QUESTION_MAX),
        answer: markdown('Answer', FAQ_ANSWER_MAX).refine(
          (value) => value.trim() !== '',
          'Answer is required.',
        ),
        status: statusInput,
      }),
    )
    .max(FAQ_ITEMS_MAX, `The FAQ can hold at most ${FAQ_ITEMS_MAX} questions.`),
});
export type FaqInput = z.input<typeof faqBodySchema>;
export type FaqBody = z.output<typeof faqBodySchema>;

/** A published question as visitors read it: the answer as sanitised HTML. */
export const publicFaqItemSchema = z.object({ question: z.string(), answer_html: z.string() });
export type PublicFaqItem = z.infer<typeof publicFaqItemSchema>;

// --------------------------------------------------------------------------------------------- pages

/** A page as an administrator edits it. */
export const sitePageSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  status: z.enum(SITE_STATUSES),
  updated_at: z.string(),
});
export type SitePage = z.infer<typeof sitePageSchema>;
export const sitePageResponseSchema = envelope(sitePageSchema);
export const sitePageListResponseSchema = envelope(z.array(sitePageSchema.omit({ body: true })));

export const sitePageBodySchema = z.object({
  slug: slugInput,
  title: text('Title', SITE_TITLE_MAX),
  body: markdown('Text', SITE_MARKDOWN_MAX),
  status: statusInput,
});
export type SitePageInput = z.input<typeof sitePageBodySchema>;
export type SitePageBody = z.output<typeof sitePageBodySchema>;
export const sitePageSaveResponseSchema = z.object({ data: sitePageSchema, message: z.string() });

/** A published page as visitors read it (GET site-pages/:slug). */
export const publicSitePageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  html: z.string(),
  updated_at: z.string(),
});
export type PublicSitePage = z.infer<typeof publicSitePageSchema>;
export const publicSitePageResponseSchema = envelope(publicSitePageSchema);

/** A footer link to a published page. */
export const sitePageLinkSchema = z.object({ slug: z.string(), title: z.string() });
export type SitePageLink = z.infer<typeof sitePageLinkSchema>;

// ---------------------------------------------------------------------------------------------- blog

/** A post as an administrator edits it. */
export const blogPostSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  cover_url: z.string().nullable(),
  author: z.string(),
  body: z.string(),
  status: z.enum(SITE_STATUSES),
  /** Visitors see a published post from this instant. */
  published_at: z.string(),
  updated_at: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;
export const blogPostResponseSchema = envelope(blogPostSchema);
export const blogPostListResponseSchema = envelope(z.array(blogPostSchema.omit({ body: true })));

export const blogPostBodySchema = z.object({
  slug: slugInput,
  title: text('Title', SITE_TITLE_MAX),
  summary: text('Summary', SITE_SUMMARY_MAX),
  cover_url: optionalPictureUrl('Cover address', 500).transform((value) => value ?? null),
  author: text('Author', SITE_AUTHOR_MAX),
  body: markdown('Text', SITE_MARKDOWN_MAX),
  status: statusInput,
  published_at: isoDateTimeInput('Publish date must be a date and time, e.g. 2026-11-28T09:00:00Z.'),
});
export type BlogPostInput = z.input<typeof blogPostBodySchema>;
export type BlogPostBody = z.output<typeof blogPostBodySchema>;
export const blogPostSaveResponseSchema = z.object({ data: blogPostSchema, message: z.string() });

/** A published post in the blog's list. */
export const publicBlogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  cover_url: z.string().nullable(),
  author: z.string(),
  published_at: z.string(),
});
export type PublicBlogPostSummary = z.infer<typeof publicBlogPostSummarySchema>;
export const publicBlogPageResponseSchema = envelope(paginated(publicBlogPostSummarySchema));

/** A published post as visitors read it (GET blog-posts/:slug). */
export const publicBlogPostSchema = publicBlogPostSummarySchema.extend({ html: z.string() });
export type PublicBlogPost = z.infer<typeof publicBlogPostSchema>;
export const publicBlogPostResponseSchema = envelope(publicBlogPostSchema);

// ------------------------------------------------------------------------------------------- preview

/** POST admin-site/preview: Markdown as visitors would see it; nothing is saved. */
export const markdownPreviewBodySchema = z.object({ markdown: markdown('Text', SITE_MARKDOWN_MAX) });
export const markdownPreviewResponseSchema = envelope(z.object({ html: z.string() }));

export const SITE_PAGE_SAVED_MESSAGE = 'Page saved.';
export const BLOG_POST_SAVED_MESSAGE = 'Post saved.';

/** POST admin-site/images: a picture file (JPEG, PNG, WebP, GIF or AVIF), base64-encoded in JSON. */
export const siteImageUploadBodySchema = z.object({
  file_base64: z
    .base64('Choose a picture file.')
    .min(1, 'Choose a picture file.')
    // Base64 takes four characters for every three bytes.
    .max(
      Math.ceil(SITE_IMAGE_MAX_BYTES / 3) * 4,
      `The picture must be at most ${SITE_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
    ),
});
export type SiteImageUploadBody = z.infer<typeof siteImageUploadBodySchema>;
/** The stored picture: its address on the site (for an image, cover or photo field) and its size. */
export const siteImageResponseSchema = envelope(
  z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
);
export type SiteImage = z.infer<typeof siteImageResponseSchema>['data'];
