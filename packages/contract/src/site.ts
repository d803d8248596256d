import { z } from 'zod';
import { envelope, singleLine } from './common';

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

/**
 * An optional https address (a photo, a store page): '' or null for none. Plain http is refused: the
 * public pages are served over https and would not load it.
 */
export const optionalHttpsUrl = (label: string, max: number) =>
  z
    .union([
      z.literal(''),
      z.null(),
      // The URL parser drops line breaks and tabs from what it is given, so they are refused first.
      singleLine(z.string().trim().max(max, `${label} must be at most ${max} characters.`)).pipe(
        z.url({ protocol: /^https$/, error: `${label} must be a web address starting with https://.` }),
      ),
    ])
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

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

/** GET site: everything the public pages show that the school edits. */
export const siteContentSchema = z.object({
  teachers: z.array(publicTeacherSchema),
  /** Tabs holding at least one active type, in the school's order. */
  course_tabs: z.array(courseTabSchema),
  /** The footer's store badges; null when the school gives no address. */
  app_store_url: z.string().nullable(),
  play_store_url: z.string().nullable(),
});
export type SiteContent = z.infer<typeof siteContentSchema>;
export const siteContentResponseSchema = envelope(siteContentSchema);
