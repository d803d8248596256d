import type auth from '../catalogs/en/auth.json';
import type booking from '../catalogs/en/booking.json';
import type common from '../catalogs/en/common.json';
import type credits from '../catalogs/en/credits.json';
import type errors from '../catalogs/en/errors.json';
import type learner from '../catalogs/en/learner.json';
import type mail from '../catalogs/en/mail.json';
import type marketing from '../catalogs/en/marketing.json';
import type membership from '../catalogs/en/membership.json';
import type payments from '../catalogs/en/payments.json';
import type settings from '../catalogs/en/settings.json';
import type timetable from '../catalogs/en/timetable.json';

// Every message key, from the English catalogs: a key missing from them does not compile; the other
// languages are held to the same keys by the catalog check (check-catalogs.ts).
type KeysOf<T> = Extract<keyof T, string>;
export type MessageKey =
  | KeysOf<typeof auth>
  | KeysOf<typeof booking>
  | KeysOf<typeof common>
  | KeysOf<typeof credits>
  | KeysOf<typeof errors>
  | KeysOf<typeof learner>
  | KeysOf<typeof mail>
  | KeysOf<typeof marketing>
  | KeysOf<typeof membership>
  | KeysOf<typeof payments>
  | KeysOf<typeof settings>
  | KeysOf<typeof timetable>;

/** The values a message's placeholders take. */
export type MessageValues = Record<string, string | number | Date>;
