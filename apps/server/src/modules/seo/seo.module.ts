import type { Locale } from '@tokenly/i18n/locales';
import type { App } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { renderPageHead } from './page-head';
import { seoRoutes } from './seo.routes';
import { createSeoService, type PublishedEntries } from './seo-service';

/**
 * Found by search engines and shared well: each public page's head (title, description, canonical
 * address, Open Graph, structured data) written into the served HTML, sitemap.xml and robots.txt.
 */
export function seoModule(
  db: Database,
  deps: {
    settings: SchoolSettingsSource;
    clock: Clock;
    publicUrl: string;
    publishedEntries: PublishedEntries;
  },
) {
  const seo = createSeoService(db, deps);
  return {
    /** At the site's root, beside the web app. */
    routes: async (app: App) => {
      await app.register(seoRoutes, { seo });
    },
    /** The <head> tags of the page at `path`, for the web app's HTML (plugins/web-app.ts). */
    pageHead: async (path: string, locale: Locale) => renderPageHead(await seo.head(path, locale)),
  };
}
