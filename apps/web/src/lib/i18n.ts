import { CATALOG_URLS } from 'virtual:tokenly-catalogs';
import { i18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { Bundle } from '@tokenly/i18n/areas';
import type { MessageKey, MessageValues } from '@tokenly/i18n/keys';
import { DEFAULT_LOCALE, isLocale, LOCALE_INFO, type Locale, matchLocale } from '@tokenly/i18n/locales';

// The learner's language: chosen in the language menu (kept in a cookie, which the server also reads to
// write the page's lang and dir and to preload its catalog, and in the account when signed in), else the
// first of the browser's languages we speak. One Lingui instance for the whole app.

/** Read by the server as well (apps/server/src/plugins/web-app.ts): keep the name in step. */
export const LOCALE_COOKIE = 'tokenly_locale';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

type WebBundle = Exclude<Bundle, 'mail'>;
const loaded = new Map<string, Promise<void>>();
/** The bundles pages have asked for so far: a change of language loads them again in the new one. */
const wanted = new Set<WebBundle>(['public']);

function readCookie(): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1);
}

/** The language to start in: the one chosen before, else the browser's. */
export function startingLocale(): Locale {
  const chosen = readCookie();
  return isLocale(chosen) ? chosen : matchLocale(navigator.languages);
}

function loadBundle(locale: Locale, bundle: WebBundle): Promise<void> {
  const key = `${locale}/${bundle}`;
  let loading = loaded.get(key);
  if (!loading) {
    const url = CATALOG_URLS[key];
    loading = (
      url ? fetch(url).then((response) => response.json() as Promise<Messages>) : Promise.resolve({})
    )
      .then((messages) => i18n.load(locale, messages))
      .catch((error: unknown) => {
        // Asked for again next time: a lost connection must not leave the language without words.
        loaded.delete(key);
        throw error;
      });
    loaded.set(key, loading);
  }
  return loading;
}

/** Loads a bundle's messages in the current language (a route's loader awaits it before rendering). */
export function needBundle(bundle: WebBundle): Promise<void> {
  wanted.add(bundle);
  return loadBundle(currentLocale(), bundle);
}

export const currentLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);

/** Switches the whole app: its messages, the page's lang and dir, and the remembered choice. */
export async function activateLocale(locale: Locale): Promise<void> {
  await Promise.all([...wanted].map((bundle) => loadBundle(locale, bundle)));
  i18n.activate(locale);
  const root = document.documentElement;
  root.lang = locale;
  root.dir = LOCALE_INFO[locale].dir;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari before 18.4 and Firefox.
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

/** A message in the current language, outside React (formatters, errors). */
export const t = (key: MessageKey, values?: MessageValues): string => i18n._(key, values);

/** A message in the current language; the component renders again when the language changes. */
export function useT(): (key: MessageKey, values?: MessageValues) => string {
  const { _ } = useLingui();
  return (key, values) => _(key, values);
}

export { i18n };
