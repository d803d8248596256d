import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * An instant as the API writes it, the form of Date.prototype.toISOString (2026-05-01T09:00:00.000Z),
 * made by the database. For long lists: the row then needs no Date made from the driver's
 * text and no string made back from it: for a teacher's list, two per class, most of a tenth of the read.
 * The same form sorts as the instants do, for the years the contract takes.
 */
export const isoInstant = (instant: SQLWrapper): SQL<string> =>
  sql<string>`to_char((${instant}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
