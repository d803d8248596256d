import { readFileSync } from 'node:fs';
import { AREAS, type Area, BUNDLES, type Bundle } from './areas.ts';
import { LOCALES, type Locale } from './locales.ts';

// For build tools and checks (Node): the catalogs as the files hold them. The server's mails import
// theirs statically (mail-catalogs.ts), so its bundle carries them.

const CATALOGS = new URL('../catalogs/', import.meta.url);

export const catalogFile = (locale: Locale, area: Area) => new URL(`${locale}/${area}.json`, CATALOGS);

export function readCatalog(locale: Locale, area: Area): Record<string, string> {
  return JSON.parse(readFileSync(catalogFile(locale, area), 'utf8')) as Record<string, string>;
}

/** Every area of a bundle in one record, as a page of that bundle downloads it. */
export function readBundle(locale: Locale, bundle: Bundle): Record<string, string> {
  return Object.assign({}, ...BUNDLES[bundle].map((area) => readCatalog(locale, area)));
}

export const allCatalogs = () =>
  LOCALES.flatMap((locale) => AREAS.map((area) => ({ locale, area, file: catalogFile(locale, area) })));
