import { and, asc, desc, eq, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type GiftRow, gifts } from '../../db/schema/gifts';
import { tokenPlans } from '../../db/schema/token-plans';
import { users } from '../../db/schema/users';

export type NewGift = typeof gifts.$inferInsert;
type GiftPatch = Partial<Omit<NewGift, 'id' | 'buyerId' | 'tokenPlanId'>>;

export async function insertGift(db: Database, values: NewGift): Promise<GiftRow> {
  const [row] = await db.insert(gifts).values(values).returning();
  if (!row) throw new Error('the gift was not written');
  return row;
}

export async function lockGift(tx: Database, id: number): Promise<GiftRow | undefined> {
  const [row] = await tx.select().from(gifts).where(eq(gifts.id, id)).for('update');
  return row;
}

/** The gift a payment bought, locked: a refund and a redemption take turns on it. */
export async function lockGiftOfPayment(tx: Database, paymentId: number): Promise<GiftRow | undefined> {
  const [row] = await tx.select().from(gifts).where(eq(gifts.paymentId, paymentId)).for('update');
  return row;
}

export async function findGiftOfPayment(db: Database, paymentId: number): Promise<GiftRow | undefined> {
  const [row] = await db.select().from(gifts).where(eq(gifts.paymentId, paymentId)).limit(1);
  return row;
}

export async function updateGift(tx: Database, id: number, patch: GiftPatch): Promise<void> {
  await tx.update(gifts).set(patch).where(eq(gifts.id, id));
}

/**
 * The redemption itself: only a sent gift turns redeemed, in one conditional update, so of two
 * redemptions of one code the second finds it redeemed (PostgreSQL re-reads the row after the first
 * commits) and changes nothing.
 */
export async function claimGift(
  tx: Database,
  codeHash: string,
  by: { userId: number; at: Date },
): Promise<GiftRow | undefined> {
  const [row] = await tx
    .update(gifts)
    .set({ state: 'redeemed', redeemedBy: by.userId, redeemedAt: by.at })
    .where(and(eq(gifts.codeHash, codeHash), eq(gifts.state, 'sent')))
    .returning();
  return row;
}

export async function findGiftByCode(db: Database, codeHash: string): Promise<GiftRow | undefined> {
  const [row] = await db.select().from(gifts).where(eq(gifts.codeHash, codeHash)).limit(1);
  return row;
}

/** Paid gifts whose delivery time has come, oldest first. */
export async function dueGiftIds(db: Database, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: gifts.id })
    .from(gifts)
    .where(and(eq(gifts.state, 'scheduled'), lte(gifts.deliverAt, now)))
    .orderBy(asc(gifts.deliverAt), asc(gifts.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** A learner's bought gifts, newest first; a checkout never paid left a pending row nobody sees. */
export function giftsBoughtBy(db: Database, buyerId: number, limit: number) {
  return db
    .select({ gift: gifts, tokenTitle: tokenPlans.tokenTitle })
    .from(gifts)
    .innerJoin(tokenPlans, eq(tokenPlans.id, gifts.tokenPlanId))
    .where(and(eq(gifts.buyerId, buyerId), ne(gifts.state, 'pending')))
    .orderBy(desc(gifts.createdAt), desc(gifts.id))
    .limit(limit);
}

/** The account an address belongs to (addresses are unique whatever their case), if any. */
export async function findAccountByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, locale: users.locale })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findPerson(db: Database, id: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, locale: users.locale, timezone: users.timezone })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function planTitle(db: Database, planId: number): Promise<string> {
  const [row] = await db
    .select({ title: tokenPlans.tokenTitle })
    .from(tokenPlans)
    .where(eq(tokenPlans.id, planId))
    .limit(1);
  return row?.title ?? '';
}
