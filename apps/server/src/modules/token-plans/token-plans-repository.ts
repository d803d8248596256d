import { PAGE_SIZE } from '@tokenly/contract/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type TokenPlanRow, tokenPlans } from '../../db/schema/token-plans';

export async function listActiveTokenPlans(db: Database): Promise<TokenPlanRow[]> {
  return db
    .select()
    .from(tokenPlans)
    .where(eq(tokenPlans.active, true))
    .orderBy(asc(tokenPlans.sortOrder), asc(tokenPlans.id));
}

export async function findActiveTokenPlan(db: Database, id: number): Promise<TokenPlanRow | undefined> {
  const [plan] = await db
    .select()
    .from(tokenPlans)
    .where(and(eq(tokenPlans.id, id), eq(tokenPlans.active, true)))
    .limit(1);
  return plan;
}

/** Plans on sale with this title, regardless of case; at most `limit`, so a caller can see ambiguity. */
export async function findActiveTokenPlansByTitle(
  db: Database,
  title: string,
  limit: number,
): Promise<TokenPlanRow[]> {
  return db
    .select()
    .from(tokenPlans)
    .where(and(eq(tokenPlans.active, true), sql`lower(${tokenPlans.tokenTitle}) = lower(${title})`))
    .limit(limit);
}

type TokenPlanValues = Partial<typeof tokenPlans.$inferInsert>;

/** Every plan, retired ones too, in display order. */
export async function listTokenPlans(db: Database, offset: number): Promise<TokenPlanRow[]> {
  return db
    .select()
    .from(tokenPlans)
    .orderBy(asc(tokenPlans.sortOrder), asc(tokenPlans.id))
    .limit(PAGE_SIZE)
    .offset(offset);
}

export function countTokenPlans(db: Database): Promise<number> {
  return db.$count(tokenPlans);
}

export async function findTokenPlan(db: Database, id: number): Promise<TokenPlanRow | undefined> {
  const [plan] = await db.select().from(tokenPlans).where(eq(tokenPlans.id, id)).limit(1);
  return plan;
}

/** A new plan goes to the end of the display order. */
export async function insertTokenPlan(
  db: Database,
  values: Omit<typeof tokenPlans.$inferInsert, 'sortOrder'>,
): Promise<TokenPlanRow> {
  const [plan] = await db
    .insert(tokenPlans)
    .values({
      ...values,
      sortOrder: sql`(select coalesce(max(${tokenPlans.sortOrder}), 0) + 1 from ${tokenPlans})`,
    })
    .returning();
  if (!plan) throw new Error('insert into token_plans returned no row');
  return plan;
}

export async function updateTokenPlan(
  db: Database,
  id: number,
  values: TokenPlanValues,
): Promise<TokenPlanRow | undefined> {
  const [plan] = await db.update(tokenPlans).set(values).where(eq(tokenPlans.id, id)).returning();
  return plan;
}
