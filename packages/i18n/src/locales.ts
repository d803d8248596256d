// The languages of the learner-facing site, the app and every mail to a learner. English holds SPEC.md's
// wording; the others are written for the product, in simple words an A2 learner reads in their own
// language. Adding one: docs/languages.md.

export const LOCALES = ['en', 'pt-BR', 'es', 'ja', 'ar', 'zh-TW', 'tr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, as the language menu lists it, and the way its script runs. */
export const LOCALE_INFO: Record<Locale, { name: string; dir: 'ltr' | 'rtl' }> = {
  en: { name: 'English', dir: 'ltr' },
  'pt-BR': { name: 'Português (Brasil)', dir: 'ltr' },
  es: { name: 'Español', dir: 'ltr' },
  ja: { name: '日本語', dir: 'ltr' },
  ar: { name: 'العربية', dir: 'rtl' },
  'zh-TW': { name: '繁體中文', dir: 'ltr' },
  tr: { name: 'Türkçe', dir: 'ltr' },
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The first of the visitor's languages (navigator.languages, or an Accept-Language list) that we speak:
 * an exact tag first, then the language alone ("pt-PT" finds "pt-BR", "zh-HK" finds "zh-TW"), else English.
 */
export function matchLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split('-')[0]?.toLowerCase();
    const same = LOCALES.find((locale) => locale.split('-')[0]?.toLowerCase() === language);
    if (same) return same;
  }
  return DEFAULT_LOCALE;
}
