import { PAGE_SIZE } from '@tokenly/contract/common';
import { and, count, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payments } from '../../db/schema/payments';
import {
  type PromoCodeRow,
  type PromoRedemptionRow,
  promoCodes,
  promoRedemptions,
} from '../../db/schema/promo-codes';

export type { PromoCodeRow, PromoRedemptionRow };
export type PromoCodeValues = Omit<PromoCodeRow, 'id' | 'createdAt' | 'updatedAt'>;
export type PromoCodeWithUses = PromoCodeRow & { uses: number; held: number };

/** Uses that count against a code's limits: paid ones, and holds of checkouts still under way. */
const counted = (now: Date) =>
  or(
    eq(promoRedemptions.state, 'redeemed'),
    and(eq(promoRedemptions.state, 'held'), gt(promoRedemptions.heldUntil, now)),
  );

const usesOf = (now: Date) => ({
  uses: sql<number>`(select count(*)::int from ${promoRedemptions} r where r.promo_code_id = "promo_codes"."id" and r.state = 'redeemed')`,
  held: sql<number>`(select count(*)::int from ${promoRedemptions} r where r.promo_code_id = "promo_codes"."id" and r.state = 'held' and r.held_until > ${now.toISOString()})`,
});

export async function listPromoCodes(
  db: Database,
  offset: number,
  now: Date,
): Promise<{ rows: PromoCodeWithUses[]; total: number }> {
  const rows = await db
    .select({ code: promoCodes, ...usesOf(now) })
    .from(promoCodes)
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
    .offset(offset)
    .limit(PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(promoCodes);
  return { rows: rows.map(({ code, ...uses }) => ({ ...code, ...uses })), total: total?.n ?? 0 };
}

export async function findPromoCodeWithUses(
  db: Database,
  id: number,
  now: Date,
): Promise<PromoCodeWithUses | undefined> {
  const [row] = await db
    .select({ code: promoCodes, ...usesOf(now) })
    .from(promoCodes)
    .where(eq(promoCodes.id, id));
  return row && { ...row.code, uses: row.uses, held: row.held };
}

export async function findPromoCodeByCode(db: Database, code: string): Promise<PromoCodeRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row;
}

/** The code's row, locked: every checkout holding it waits its turn, so the counts below stay true. */
export async function lockPromoCode(tx: Database, id: number): Promise<PromoCodeRow | undefined> {
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
  return row;
}

export async function insertPromoCode(
  db: Database,
  values: PromoCodeValues,
  now: Date,
): Promise<PromoCodeRow> {
  const [row] = await db
    .insert(promoCodes)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('promo code insert returned nothing');
  return row;
}

export async function updatePromoCode(
  db: Database,
  id: number,
  values: PromoCodeValues,
  now: Date,
): Promise<PromoCodeRow | undefined> {
  const [row] = await db
    .update(promoCodes)
    .set({ ...values, updatedAt: now })
    .where(eq(promoCodes.id, id))
    .returning();
  return row;
}

/** How many uses count against the code now: everyone's, and the learner's own. */
export async function countUses(
  db: Database,
  promoCodeId: number,
  userId: number,
  now: Date,
): Promise<{ total: number; mine: number }> {
  const [row] = await db
    .select({
      total: count(),
      mine: sql<number>`count(*) filter (where ${promoRedemptions.userId} = ${userId})::int`,
    })
    .from(promoRedemptions)
    .where(and(eq(promoRedemptions.promoCodeId, promoCodeId), counted(now)));
  return { total: row?.total ?? 0, mine: row?.mine ?? 0 };
}

/** Whether the learner has bought before: a paid payment, refunded since or not. */
export async function hasPurchased(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), inArray(payments.status, ['succeeded', 'refunded'])))
    .limit(1);
  return row !== undefined;
}

/** The learner's checkout with this code and plan still being paid, to be reused rather than held twice. */
export async function findLiveHold(
  db: Database,
  input: { promoCodeId: number; userId: number; tokenPlanId: number; now: Date },
): Promise<PromoRedemptionRow | undefined> {
  const [row] = await db
    .select()
    .from(promoRedemptions)
    .where(
      and(
        eq(promoRedemptions.promoCodeId, input.promoCodeId),
        eq(promoRedemptions.userId, input.userId),
        eq(promoRedemptions.tokenPlanId, input.tokenPlanId),
        eq(promoRedemptions.state, 'held'),
        gt(promoRedemptions.heldUntil, input.now),
      ),
    )
    .orderBy(desc(promoRedemptions.id))
    .limit(1);
  return row;
}

export async function insertHold(
  db: Database,
  values: Omit<typeof promoRedemptions.$inferInsert, 'id' | 'state'>,
): Promise<PromoRedemptionRow> {
  const [row] = await db.insert(promoRedemptions).values(values).returning();
  if (!row) throw new Error('promo hold insert returned nothing');
  return row;
}

export async function setHoldRef(db: Database, id: number, providerRef: string): Promise<void> {
  await db.update(promoRedemptions).set({ providerRef }).where(eq(promoRedemptions.id, id));
}

/** The code's holds whose time ran out while their checkout was never paid (as far as we know). */
export function findLapsedHolds(db: Database, promoCodeId: number, now: Date): Promise<PromoRedemptionRow[]> {
  return db
    .select()
    .from(promoRedemptions)
    .where(
      and(
        eq(promoRedemptions.promoCodeId, promoCodeId),
        eq(promoRedemptions.state, 'held'),
        lte(promoRedemptions.heldUntil, now),
      ),
    );
}

/** A hold counted again until `until`: its payment went through and its grant will make it the use. */
export async function renewHold(db: Database, id: number, until: Date): Promise<void> {
  await db
    .update(promoRedemptions)
    .set({ heldUntil: until })
    .where(and(eq(promoRedemptions.id, id), eq(promoRedemptions.state, 'held')));
}

export async function releaseHold(db: Database, id: number): Promise<void> {
  await db
    .update(promoRedemptions)
    .set({ state: 'released' })
    .where(and(eq(promoRedemptions.id, id), eq(promoRedemptions.state, 'held')));
}

/** The code a payment was made with and what it took off (cents), for its receipt; undefined when none. */
export async function promoDiscountOfPayment(
  db: Database,
  paymentId: number,
): Promise<{ code: string; cents: number } | undefined> {
  const [row] = await db
    .select({ code: promoRedemptions.code, cents: promoRedemptions.discount })
    .from(promoRedemptions)
    .where(eq(promoRedemptions.paymentId, paymentId));
  return row;
}

/** The checkout's hold becomes the payment's use; undefined when the payment had no code. */
export async function redeemByRef(
  db: Database,
  providerRef: string,
  paymentId: number,
): Promise<PromoRedemptionRow | undefined> {
  const [row] = await db
    .update(promoRedemptions)
    .set({ state: 'redeemed', paymentId })
    .where(eq(promoRedemptions.providerRef, providerRef))
    .returning();
  return row;
}
