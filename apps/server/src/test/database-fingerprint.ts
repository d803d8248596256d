import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { type Database, schema } from '../db/client';
import { builtOnce } from '../db/prepared';
import { rawRows } from '../db/raw-rows';

/** Row count and an order-independent sum of row hashes, per table of the app. */
type DatabaseFingerprint = Record<string, { rows: number; hash: string }>;

// Reading with a session refreshes auth_sessions.last_seen_at at most once a minute; that is bookkeeping
// of the read, not something the request wrote.
const BOOKKEEPING_COLUMNS = new Set(['last_seen_at']);

// Counting a login attempt is how the limit works, refused or not: bookkeeping too.
const BOOKKEEPING_TABLES = new Set(['rate_limit_counters']);

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table))
  .filter((table) => !BOOKKEEPING_TABLES.has(table.name));

// One round trip over every table.
const fingerprintQuery = sql.raw(
  tables
    .map(({ name, columns }) => {
      const row = `row(${columns
        .filter((column) => !BOOKKEEPING_COLUMNS.has(column.name))
        .map((column) => `"${column.name}"`)
        .join(', ')})::text`;
      return `select '${name}' as name, count(*)::int as rows, coalesce(sum(hashtextextended(${row}, 0)), 0)::text as hash from "${name}"`;
    })
    .join(' union all '),
);

/** Every table's contents in a few bytes: equal fingerprints mean nothing was inserted, changed or deleted. */
// Named, so PostgreSQL plans its union of every table once per connection, not after every write.
const fingerprintOnce = builtOnce('database_fingerprint', () => fingerprintQuery);

async function databaseFingerprint(db: Database): Promise<DatabaseFingerprint> {
  const rows = (await fingerprintOnce(db, {})) as { name: string; rows: number; hash: string }[];
  return Object.fromEntries(rows.map(({ name, rows, hash }) => [name, { rows, hash }]));
}

// PostgreSQL gives a transaction an id only when it first writes or locks a row, so an unchanged next
// id proves that nothing was written, without hashing every table.
async function nextTransactionId(db: Database): Promise<string> {
  const [row] = await rawRows<{ next: string }>(
    db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`,
  );
  return row?.next ?? '';
}

/**
 * Watches the database between requests: `changes()` names the tables whose rows changed since the
 * previous call (none when nothing was written). Cheap when nothing tried to write.
 */
export async function watchDatabase(db: Database) {
  let next = await nextTransactionId(db);
  let fingerprint = await databaseFingerprint(db);
  return {
    async changes(): Promise<string[]> {
      const nowNext = await nextTransactionId(db);
      if (nowNext === next) return [];
      const now = await databaseFingerprint(db);
      const changed = Object.keys(now).filter(
        (table) => JSON.stringify(now[table]) !== JSON.stringify(fingerprint[table]),
      );
      [next, fingerprint] = [nowNext, now];
      return changed;
    },
  };
}
