import type { Locale } from '@tokenly/i18n/locales';
import type { MailTranslator } from '@tokenly/i18n/mail-catalogs';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { centsToUsd } from '../../lib/money';
import { MailLanguage, MailPart, SchoolName } from './templates/mail-layout';

export type RenderedMail = { subject: string; html: string; text: string };

// The doctype @react-email/render puts before the document, which email clients expect.
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

// What React escapes in text, and nothing else: the text part has no elements (MailPart).
const ESCAPED: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
};
const ESCAPE = new RegExp(Object.keys(ESCAPED).join('|'), 'g');

function draw(
  element: ReactElement,
  school: string,
  language: MailTranslator,
  part: 'html' | 'text',
): string {
  return renderToStaticMarkup(
    createElement(
      SchoolName.Provider,
      { value: school },
      createElement(
        MailLanguage.Provider,
        { value: language },
        createElement(MailPart.Provider, { value: part }, element),
      ),
    ),
  );
}

/**
 * Both parts from one tree, so the plain text never says less than the HTML. `school` is the school's
 * name as its settings say now, for the layout and any sentence that names the school;
 * `language` the recipient's (mailTranslator), whose words every part of the tree takes (useMailT).
 * React's synchronous renderToStaticMarkup rather than @react-email/render's `render`: that one streams
 * (for Suspense, which no template uses) and imports react-dom/server on every call; a booking
 * confirmation took about 4 times as long to render that way. The markup is the same but
 * for the streaming renderer's comments (`<!--$-->` boundaries, `<!-- -->` between texts). React would
 * add an image preload link for an `<img>`, which `render` strips; no template has one.
 * The text is the same tree drawn in its text form (MailPart) rather than the HTML converted by
 * html-to-text, which took twice as long as drawing the HTML, most of a booking's own CPU.
 */
export function renderMail(
  subject: string,
  element: ReactElement,
  school: string,
  language: MailTranslator,
): RenderedMail {
  const text = draw(element, school, language, 'text')
    .replace(ESCAPE, (entity) => ESCAPED[entity] as string)
    .replace(/[ \t]+\n/g, '\n')
    .trim();
  return { subject, html: DOCTYPE + draw(element, school, language, 'html'), text };
}

/** A subject as every mail's ends: what it is about, then the school's name. */
export const withSchool = (subject: string, school: string) => `${subject} · ${school}`;

/** English mails write dates as SPEC.md does (British order, 24-hour clock), as the web app does. */
const intlLocale = (locale: Locale) => (locale === 'en' ? 'en-GB' : locale);

// An Intl.DateTimeFormat costs far more to build than to use: one per language and zone, kept.
const mailTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "Tuesday, 1 December 2026 at 15:00 GMT+1 (Europe/Paris)" in English: local time in the recipient's
 * language, the zone named twice over.
 */
export function formatMailTime(instant: Date, timeZone: string, locale: Locale): string {
  const key = `${locale} ${timeZone}`;
  let format = mailTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    mailTimeFormats.set(key, format);
  }
  return `${format.format(instant)} (${timeZone})`;
}

const usdFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * An amount in USD: "28.00 USD" in English, written out as it always was; Intl's currency format of the
 * recipient's language otherwise. A price says VAT is included (formatMailUsd); a discount does not.
 */
export function formatMailMoney(cents: number, { locale }: Pick<MailTranslator, 'locale'>): string {
  if (locale === 'en') return `${centsToUsd(cents).toFixed(2)} USD`;
  let format = usdFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
    usdFormats.set(locale, format);
  }
  return format.format(centsToUsd(cents));
}

/** An amount in USD with VAT included, as SPEC.md's prices are: "28.00 USD (VAT included)" in English. */
export function formatMailUsd(cents: number, language: MailTranslator): string {
  return language.t('mail.amountWithVat', { amount: formatMailMoney(cents, language) });
}
