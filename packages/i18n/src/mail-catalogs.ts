import { type I18n, setupI18n } from '@lingui/core';
import ar from '../catalogs/ar/mail.json' with { type: 'json' };
import en from '../catalogs/en/mail.json' with { type: 'json' };
import es from '../catalogs/es/mail.json' with { type: 'json' };
import ja from '../catalogs/ja/mail.json' with { type: 'json' };
import ptBR from '../catalogs/pt-BR/mail.json' with { type: 'json' };
import tr from '../catalogs/tr/mail.json' with { type: 'json' };
import zhTW from '../catalogs/zh-TW/mail.json' with { type: 'json' };
import { compileCatalog } from './compile';
import type { MessageValues } from './keys';
import { LOCALE_INFO, type Locale } from './locales';

// The mail area of every language, imported rather than read from disk, so the server's bundle carries
// them wherever it runs. Adding a language adds its import here (docs/languages.md).

const MAIL_CATALOGS: Record<Locale, Record<string, string>> = {
  en,
  'pt-BR': ptBR,
  es,
  ja,
  ar,
  'zh-TW': zhTW,
  tr,
};

/** A key of the mail area: only these are in the server's catalogs. */
export type MailKey = Extract<keyof typeof en, string>;

/** A mail message in one language, its placeholders filled (plurals in that language's forms). */
export type MailT = (key: MailKey, values?: MessageValues) => string;

export type MailTranslator = { locale: Locale; dir: 'ltr' | 'rtl'; t: MailT };

// Each language's messages are parsed once, the first time a mail in it is written.
const translators = new Map<Locale, MailTranslator>();

/** The translator of the mails to a recipient who reads `locale`, made once per language and kept. */
export function mailTranslator(locale: Locale): MailTranslator {
  let found = translators.get(locale);
  if (!found) {
    const i18n: I18n = setupI18n({ locale, messages: { [locale]: compileCatalog(MAIL_CATALOGS[locale]) } });
    found = { locale, dir: LOCALE_INFO[locale].dir, t: (key, values) => i18n._(key, values) };
    translators.set(locale, found);
  }
  return found;
}
