import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { rawRows } from './raw-rows';

/** Lists count their rows exactly up to this many; past it, PostgreSQL's estimate is shown as "about". */
export const EXACT_COUNT_LIMIT = 10_000;

/** A list's total: exact, or (`estimated`) the planner's figure for a list too long to count per page. */
export type ListTotal = { total: number; estimated: boolean };

/**
 * Past this many planned rows, a whole table is not counted at all where autovacuum keeps the planner's
 * statistics (PostgreSQL): its planned size is then within a few per cent, so counting 10,001 rows on
 * every page of a log of a million would only confirm it. PGlite runs no autovacuum, so its statistics
 * are whatever the last index build or manual ANALYZE left, and there every list is counted.
 */
export const UNCOUNTED_TABLE_ROWS = 10 * EXACT_COUNT_LIMIT;

/**
 * How many rows of `table` match `where`. Counting stops after EXACT_COUNT_LIMIT rows, so a page of a
 * log that grows for years costs what the page costs; a longer list gets the planner's estimate of its
 * rows instead, never below what was counted. A filtered list is always counted first: the planner's
 * figure for a filter can be far off (two filters it takes as independent may never meet).
 */
export async function countOrEstimate(db: Database, table: PgTable, where?: SQL): Promise<ListTotal> {
  const condition = where ?? sql`true`;
  const wholeTable =
    where === undefined && (await autovacuumRuns(db)) ? await plannedRows(db, table, condition) : undefined;
  if (wholeTable !== undefined && wholeTable >= UNCOUNTED_TABLE_ROWS) {
    return { total: wholeTable, estimated: true };
  }
  const [counted] = await rawRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (select 1 from ${table} where ${condition} limit ${EXACT_COUNT_LIMIT + 1}) as capped`,
  );
  const total = counted?.total ?? 0;
  if (total <= EXACT_COUNT_LIMIT) return { total, estimated: false };
  return {
    total: Math.max(total, wholeTable ?? (await plannedRows(db, table, condition))),
    estimated: true,
  };
}

const autovacuumByDatabase = new WeakMap<Database, Promise<boolean>>();

/**
 * Whether autovacuum's launcher runs for this database's server, asked once a process: PostgreSQL's
 * unless turned off; PGlite has none. A role that may not see it is answered no, and its lists counted.
 */
function autovacuumRuns(db: Database): Promise<boolean> {
  let runs = autovacuumByDatabase.get(db);
  if (!runs) {
    runs = rawRows<{ runs: boolean }>(
      db,
      sql`select exists (select from pg_stat_activity where backend_type = 'autovacuum launcher') as runs`,
    ).then(([row]) => row?.runs === true);
    autovacuumByDatabase.set(db, runs);
  }
  return runs;
}

/** The planner's estimate of the rows of `table` that match `condition`. */
async function plannedRows(db: Database, table: PgTable, condition: SQL): Promise<number> {
  const [explained] = await rawRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (format json) select 1 from ${table} where ${condition}`,
  );
  return topNodeRows(explained?.['QUERY PLAN']);
}

/** The top node's row estimate of an `explain (format json)` answer, parsed or not by the driver. */
function topNodeRows(queryPlan: unknown): number {
  const [root] = (typeof queryPlan === 'string' ? JSON.parse(queryPlan) : queryPlan) as [
    { Plan: { 'Plan Rows': number } },
  ];
  return Math.round(root.Plan['Plan Rows']);
}
