import { currentLocale } from './i18n';

// The one place money and dates are formatted (STYLE.md: one formatter), in the page's language.

/**
 * Builds a formatter on first use in each language: each costs milliseconds of locale data that page
 * start can skip.
 */
function onFirstUse<T>(make: (locale: string) => T): () => T {
  const made = new Map<string, T>();
  return () => {
    const locale = intlLocale();
    let value = made.get(locale);
    if (value === undefined) {
      value = make(locale);
      made.set(locale, value);
    }
    return value;
  };
}

/** English dates read as SPEC.md writes them ('Mon 4 May 2026'): British order, 24-hour clock. */
const intlLocale = () => {
  const locale = currentLocale();
  return locale === 'en' ? 'en-GB' : locale;
};

const usdFormat = onFirstUse(
  (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
);
const usdCentsFormat = onFirstUse(
  (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }),
);

/**
 * SPEC.md shows plan prices as '$28': whole dollars without decimals, cents only when there are some;
 * thousands grouped, a minus before the sign ('-$1,234.50'), as Intl's en-US currency format writes them.
 * Written out rather than Intl's: a page's first Intl formatter costs 30-60 ms of the browser's locale
 * data, and the landing pages show prices and nothing else Intl would format.
 */
export function formatUsd(amount: number): string {
  if (currentLocale() !== 'en')
    return (Number.isInteger(amount) ? usdFormat() : usdCentsFormat()).format(amount);
  // Shifted in its decimal writing, as Intl rounds it: 1.005 * 100 is 100.49999999999999 in binary.
  const cents = Math.round(Number(`${Math.abs(amount)}e2`));
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const fraction = Number.isInteger(amount) ? '' : `.${String(cents % 100).padStart(2, '0')}`;
  return `${amount < 0 ? '-' : ''}$${dollars}${fraction}`;
}

const dateFormat = onFirstUse(
  (locale) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }),
);

export function formatDate(value: Date | string): string {
  return dateFormat().format(typeof value === 'string' ? new Date(value) : value);
}

const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};
const dateTimeFormat = onFirstUse((locale) => new Intl.DateTimeFormat(locale, DATE_TIME_OPTIONS));

/**
 * A class time in the viewer's own zone with the zone named (DESIGN.md section 6), e.g. 'Mon 4 May 2026,
 * 09:00 UTC'; or in `timeZone`, the zone a signed-in user chose in Settings (a teacher's own pages).
 */
export function formatDateTime(value: Date | string, timeZone?: string | null): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (!timeZone) return dateTimeFormat().format(date);
  return new Intl.DateTimeFormat(intlLocale(), { ...DATE_TIME_OPTIONS, timeZone }).format(date);
}

/** Every IANA zone the browser knows, UTC first: the choices of a user's and of the school's zone. */
const TIME_ZONES = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])];

/**
 * The zone choices with `current` among them: a zone the server knows under a spelling this browser's
 * list lacks would otherwise show as the first choice, and a save of another field would change it.
 */
export const timeZoneOptions = (current: string | null | undefined): string[] =>
  current && !TIME_ZONES.includes(current) ? [current, ...TIME_ZONES] : TIME_ZONES;

/** The viewer's IANA time zone, sent to the calendar calls so days start at the viewer's midnight. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const timeFormat = onFirstUse(
  (locale) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }),
);

/** A class's start time alone, in the viewer's zone with the zone named, e.g. '09:00 UTC'. */
export function formatTime(value: Date | string): string {
  return timeFormat().format(typeof value === 'string' ? new Date(value) : value);
}

const dayFormat = onFirstUse(
  (locale) => new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' }),
);

/** A day without the year, e.g. 'Tue 25 Nov'. */
export function formatDay(value: Date | string): string {
  return dayFormat().format(typeof value === 'string' ? new Date(value) : value);
}

/**
 * A calendar day given as YYYY-MM-DD (a school's closed day), at the viewer's midnight: formatted in the
 * viewer's zone it reads as that same day wherever the viewer is.
 */
export function dayOf(isoDay: string): Date {
  const [year = 0, month = 1, day = 1] = isoDay.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** The viewer's calendar day of a moment as YYYY-MM-DD, as the calendar calls take days. */
export function localIsoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
