import { and, asc, eq } from 'drizzle-orm';
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
