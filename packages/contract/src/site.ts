import { z } from 'zod';
import { envelope } from './common.ts';
import { publicFaqItemSchema, siteHeroSchema, sitePageLinkSchema } from './site-content.ts';

// Defined beside the other inputs; imported from here by the forms of the site's addresses.
export { optionalHttpsUrl } from './common.ts';

// The school's public site: what the home page shows of its teachers, its class types and its apps.

/** SPEC.md section 1's six course tabs: a new school's tab names until it renames them. */
export const DEFAULT_COURSE_TABS = [
  'General English',
  'IT Certifications',
  'Leadership',
  'Web Development',
  'Communication',
  'Business Analytics & Intelligence',
].join('\n');
export const COURSE_TAB_COUNT = 6;
export const COURSE_TAB_NAME_MAX = 40;

/** The tab names of the setting course_tabs: one a line (\n or \r\n), blank lines dropped. */
export const courseTabNames = (value: string): string[] =>
  value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export const TEACHER_HEADLINE_MAX = 120;
export const TEACHER_TAGS_MAX = 200;

/** A teacher as the home page shows them: only teachers whose profile is public. */
export const publicTeacherSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  headline: z.string().nullable(),
  bio: z.string().nullable(),
  photo_url: z.string().nullable(),
  tags: z.array(z.string()),
});
export type PublicTeacher = z.infer<typeof publicTeacherSchema>;

/** A class type's card on the home page. */
export const publicCourseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  level_range: z.string().nullable(),
  format: z.string().nullable(),
  credits: z.number().int(),
  color: z.string().nullable(),
  /** Booked with the Club pass, never with credits. */
  club: z.boolean(),
});
export type PublicCourse = z.infer<typeof publicCourseSchema>;

export const courseTabSchema = z.object({ name: z.string(), courses: z.array(publicCourseSchema) });
export type CourseTab = z.infer<typeof courseTabSchema>;

/** The home banner's facts, read off the school's coming classes; null while it has none scheduled. */
export const siteFactsSchema = z.object({
  /** The length most of its classes have. */
  class_minutes: z.number().int().nullable(),
  /** The most learners a class seats. */
  group_size: z.number().int().nullable(),
});
export type SiteFacts = z.infer<typeof siteFactsSchema>;

/** GET site: everything the public pages show that the school edits. */
export const siteContentSchema = z.object({
  teachers: z.array(publicTeacherSchema),
  /** Tabs holding at least one active type, in the school's order. */
  course_tabs: z.array(courseTabSchema),
  /** The footer's store badges; null when the school gives no address. */
  app_store_url: z.string().nullable(),
  play_store_url: z.string().nullable(),
  /** The home page's hero, in the school's words. */
  hero: siteHeroSchema,
  /** The FAQ's published questions, in the school's order. */
  faq: z.array(publicFaqItemSchema),
  /** The footer's links: the published pages. */
  pages: z.array(sitePageLinkSchema),
  facts: siteFactsSchema,
});
export type SiteContent = z.infer<typeof siteContentSchema>;
export const siteContentResponseSchema = envelope(siteContentSchema);
