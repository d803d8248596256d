import { isLocale, type Locale, matchLocale } from '@tokenly/i18n/locales';
import type { FastifyRequest } from 'fastify';

/** The language menu's cookie (apps/web/src/lib/i18n.ts). */
const LOCALE_COOKIE = 'tokenly_locale';

/**
 * The visitor's language, as the web app chooses it (apps/web/src/lib/i18n.ts): the language menu's
 * cookie, else the first of Accept-Language's languages we speak, else English. The page's `lang`, and
 * the mails to an address with no account to read a language from (the contact form's receipt).
 */
export function requestLocale(request: FastifyRequest): Locale {
  const chosen = request.cookies[LOCALE_COOKIE];
  if (isLocale(chosen)) return chosen;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = Number(
        parameters
          .find((one) => one.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag, q: Number.isFinite(q) ? q : 0 };
    })
    .filter((one) => one.tag !== '' && one.tag !== '*' && one.q > 0)
    .sort((a, b) => b.q - a.q);
  return matchLocale(accepted.map((one) => one.tag));
}
