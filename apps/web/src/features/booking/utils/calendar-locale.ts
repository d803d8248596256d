import type { LocaleInput } from '@fullcalendar/react';
import type { Locale } from '@tokenly/i18n/locales';

// FullCalendar's own words and date formats in the page's language (the month's title, the day names),
// one chunk per language so a visitor downloads their own only. English is built into FullCalendar.
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ default: LocaleInput }>> = {
  'pt-BR': () => import('@fullcalendar/react/locales/pt-br'),
  es: () => import('@fullcalendar/react/locales/es'),
  ja: () => import('@fullcalendar/react/locales/ja'),
  ar: () => import('@fullcalendar/react/locales/ar'),
  'zh-TW': () => import('@fullcalendar/react/locales/zh-tw'),
  tr: () => import('@fullcalendar/react/locales/tr'),
};

// One promise per language for the calendar's life: React's use() suspends on a promise it has seen
// settle only once, so each call must hand back the same one.
const loading = new Map<Exclude<Locale, 'en'>, Promise<LocaleInput | undefined>>();

/** Resolves to undefined when the chunk cannot be fetched: the calendar then shows FullCalendar's English. */
export function loadCalendarLocale(locale: Exclude<Locale, 'en'>): Promise<LocaleInput | undefined> {
  let promise = loading.get(locale);
  if (!promise) {
    promise = LOADERS[locale]()
      .then((module) => module.default)
      .catch(() => {
        // Asked for again at the next mount: a lost connection must not keep the calendar in English.
        loading.delete(locale);
        return undefined;
      });
    loading.set(locale, promise);
  }
  return promise;
}
