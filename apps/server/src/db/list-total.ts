import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { rawRows } from './raw-rows';

/** Lists count their rows exactly up to this many; past it, PostgreSQL's estimate is shown as "about". */
export const EXACT_COUNT_LIMIT = 10_000;

/** A list's total: exact, or (`estimated`) the planner's figure for a list too long to count per page. */
export type ListTotal = { total: number; estimated: boolean };

/**
 * How many rows of `table` match `where`. Counting stops after EXACT_COUNT_LIMIT rows, so a page of a
 * log that grows for years costs what the page costs; a longer list gets the planner's estimate of its
 * rows instead, never below what was counted.
 */
export async function countOrEstimate(db: Database, table: PgTable, where?: SQL): Promise<ListTotal> {
  const condition = where ?? sql`true`;
  const [counted] = await rawRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (select 1 from ${table} where ${condition} limit ${EXACT_COUNT_LIMIT + 1}) as capped`,
  );
  const total = counted?.total ?? 0;
  if (total <= EXACT_COUNT_LIMIT) return { total, estimated: false };
  const [explained] = await rawRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (format json) select 1 from ${table} where ${condition}`,
  );
  return { total: Math.max(total, plannedRows(explained?.['QUERY PLAN'])), estimated: true };
}

/** The top node's row estimate of an `explain (format json)` answer, parsed or not by the driver. */
function plannedRows(queryPlan: unknown): number {
  const [root] = (typeof queryPlan === 'string' ? JSON.parse(queryPlan) : queryPlan) as [
    { Plan: { 'Plan Rows': number } },
  ];
  return Math.round(root.Plan['Plan Rows']);
}
