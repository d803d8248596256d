import type { Locale } from '@tokenly/i18n/locales';
import { type MailKey, mailTranslator } from '@tokenly/i18n/mail-catalogs';
import type { Database } from '../../db/client';
import { type Clock, nowOf } from '../../lib/clock';
import { findClassWithCourse, type ListedClass, listClassesBetween } from '../calendar/calendar-repository';
import { UPCOMING_DAYS } from '../calendar/calendar-service';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import type { PageHead } from './page-head';
import { classEvent, type ScheduledClass, schoolOrganization } from './structured-data';

/** A page or post the school published, as search engines and link previews see it. */
export type PublishedEntry = {
  /** Its path on the site (/pages/about, /blogs/first-post); an entry for `/` gives the home page's words. */
  path: string;
  title: string;
  description: string;
  /** When it last changed: the sitemap's lastmod. */
  updatedAt: Date | null;
  /** An https picture for link previews (a post's cover). */
  imageUrl?: string | null;
  /** A blog post is an article; a page is a website. */
  type?: 'website' | 'article';
};

/** Every page and post published now (the site module's content); read for each page served. */
export type PublishedEntries = () => Promise<PublishedEntry[]>;

type PageWords = { title: MailKey; description: MailKey };

/**
 * The public pages every school has, by their paths in the web app (apps/web/src/config/routes.ts),
 * with their words in the server's catalog. Every other path but a class page is left out of search.
 */
const PUBLIC_PAGES: Record<string, PageWords> = {
  '/': { title: 'mail.site.homeTitle', description: 'mail.site.homeDescription' },
  '/membership': { title: 'mail.site.membershipTitle', description: 'mail.site.membershipDescription' },
  '/timetable': { title: 'mail.site.timetableTitle', description: 'mail.site.timetableDescription' },
  '/login': { title: 'mail.site.loginTitle', description: 'mail.site.loginDescription' },
  '/signup': { title: 'mail.site.signupTitle', description: 'mail.site.signupDescription' },
  '/blogs': { title: 'mail.site.blogTitle', description: 'mail.site.blogDescription' },
};
const CLASS_PAGE = /^\/class\/(\d{1,9})$/;
const classPath = (id: number) => `/class/${id}`;

/** Areas of the app search engines have no business in: signed-in screens, one-time links, checkout. */
const PRIVATE_PATHS = [
  '/admin',
  '/user/',
  '/teacher/',
  '/api/',
  '/payment',
  '/select-payment/',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/unsubscribe',
];

/** The timetable page describes this many of the coming classes, of the next week. */
const TIMETABLE_EVENTS = 20;
const TIMETABLE_EVENT_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? '');

/** /membership/ is /membership, as the web app's router matches paths. */
const normalPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export function createSeoService(
  db: Database,
  {
    settings,
    clock,
    publicUrl,
    publishedEntries,
  }: { settings: SchoolSettingsSource; clock: Clock; publicUrl: string; publishedEntries: PublishedEntries },
) {
  const absolute = (path: string) => `${publicUrl}${path}`;
  // A picture uploaded to the site is a path (/media/…); link previews need the whole address.
  const pictureUrl = (url: string | null | undefined) =>
    url?.startsWith('/') ? absolute(url) : (url ?? null);

  /** A class from the calendar as its event and page describe it. */
  const scheduledClass = (
    listed: Pick<ListedClass, 'courseTitle' | 'courseDescription' | 'teacherName'> & {
      schedule: Pick<
        ListedClass['schedule'],
        'id' | 'title' | 'startsAt' | 'durationMin' | 'noOfUsers' | 'seatsTaken'
      >;
    },
    describe: (course: string) => string,
  ): ScheduledClass => ({
    name: listed.schedule.title,
    description: listed.courseDescription || describe(listed.courseTitle ?? listed.schedule.title),
    url: absolute(classPath(listed.schedule.id)),
    startsAt: listed.schedule.startsAt,
    durationMin: listed.schedule.durationMin,
    seats: listed.schedule.noOfUsers,
    seatsLeft: Math.max(0, listed.schedule.noOfUsers - listed.schedule.seatsTaken),
    teacherName: listed.teacherName,
  });

  return {
    /** The head of the page at `path` in the visitor's language, from the school's own data. */
    async head(rawPath: string, locale: Locale): Promise<PageHead> {
      const path = normalPath(rawPath);
      const [school, entries] = await Promise.all([settings.current(), publishedEntries()]);
      const { t } = mailTranslator(locale);
      const name = school.schoolName;
      const home = entries.find((entry) => entry.path === '/');
      const homeDescription = home?.description || t('mail.site.homeDescription', { school: name });
      const pageTitle = (page: string) => t('mail.site.pageTitle', { page, school: name });
      const describeClass = (course: string) => t('mail.site.classDescription', { course, school: name });
      const organizer = { name, url: absolute('/') };
      const base: PageHead = {
        title: name,
        description: homeDescription,
        siteName: name,
        canonical: null,
        type: 'website',
        imageUrl: pictureUrl(home?.imageUrl),
        structuredData: [],
      };

      if (path === '/') {
        return {
          ...base,
          title: t('mail.site.homeTitle', { school: name }),
          canonical: absolute('/'),
          structuredData: [
            schoolOrganization({
              ...organizer,
              description: homeDescription,
              email: school.schoolEmail,
              legalName: school.legalName,
              address: school.address,
            }),
          ],
        };
      }
      const entry = entries.find((one) => one.path === path);
      if (entry) {
        return {
          ...base,
          title: pageTitle(entry.title),
          description: entry.description || homeDescription,
          canonical: absolute(path),
          type: entry.type ?? 'website',
          imageUrl: pictureUrl(entry.imageUrl) ?? base.imageUrl,
        };
      }
      const words = PUBLIC_PAGES[path];
      if (words) {
        const now = nowOf(clock);
        const events =
          path === '/timetable'
            ? (await listClassesBetween(db, now, new Date(now.getTime() + TIMETABLE_EVENT_DAYS * DAY_MS)))
                .slice(0, TIMETABLE_EVENTS)
                .map((listed) =>
                  classEvent(scheduledClass(listed, describeClass), organizer, school.timeZone),
                )
            : [];
        return {
          ...base,
          title: pageTitle(t(words.title)),
          description: t(words.description, { school: name }),
          canonical: absolute(path),
          structuredData: events,
        };
      }
      const classId = CLASS_PAGE.exec(path)?.[1];
      const found = classId ? await findClassWithCourse(db, Number(classId)) : undefined;
      if (found) {
        const lesson = scheduledClass(found, describeClass);
        // Only a class still to come is worth finding: a past or cancelled one stays out of search.
        const upcoming = found.schedule.status === 'scheduled' && found.schedule.startsAt > nowOf(clock);
        return {
          ...base,
          title: pageTitle(lesson.name),
          description: lesson.description,
          canonical: upcoming ? lesson.url : null,
          structuredData: upcoming ? [classEvent(lesson, organizer, school.timeZone)] : [],
        };
      }
      return base;
    },

    /** sitemap.xml: the public pages, the published entries and the classes of the coming days. */
    async sitemap(): Promise<string> {
      const now = nowOf(clock);
      const [entries, classes] = await Promise.all([
        publishedEntries(),
        listClassesBetween(db, now, new Date(now.getTime() + UPCOMING_DAYS * DAY_MS)),
      ]);
      const urls = new Map<string, Date | null>(Object.keys(PUBLIC_PAGES).map((path) => [path, null]));
      for (const entry of entries) urls.set(normalPath(entry.path), entry.updatedAt);
      for (const listed of classes) urls.set(classPath(listed.schedule.id), null);
      const items = [...urls].map(([path, updatedAt]) => {
        const lastmod = updatedAt ? `<lastmod>${updatedAt.toISOString()}</lastmod>` : '';
        return `<url><loc>${escapeXml(absolute(path))}</loc>${lastmod}</url>`;
      });
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...items,
        '</urlset>',
        '',
      ].join('\n');
    },

    /** robots.txt: everything but the private areas, and where the sitemap is. */
    robots(): string {
      return [
        'User-agent: *',
        ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${absolute('/sitemap.xml')}`,
        '',
      ].join('\n');
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
