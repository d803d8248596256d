import { eq } from 'drizzle-orm';
import { clubPassEvents, clubPasses } from '../../db/schema/club-passes';
import { createTokenPlan } from '../../db/seed/factories';
import type { TestApp } from '../../test/test-app';

// Shared steps of the club plan's tests.

/** The Conversation Club's plan of SPEC.md section 9: 20 USD a month, no tokens; unique titles keep tests apart. */
export const newClubPlan = (t: TestApp) =>
  createTokenPlan(t.db, {
    tokenTitle: `Conversation Club ${Math.random()}`,
    kind: 'club',
    tokenCredit: 0,
    tokenExpiry: 30,
    amount: 2000,
    intervalMonths: 1,
  });

/** The learner's pass row and the pass events of their payments, oldest first. */
export async function passOf(t: TestApp, userId: number) {
  const [pass] = await t.db.select().from(clubPasses).where(eq(clubPasses.userId, userId));
  const events = await t.db
    .select()
    .from(clubPassEvents)
    .where(eq(clubPassEvents.userId, userId))
    .orderBy(clubPassEvents.id);
  return { pass, events: events.map((event) => ({ kind: event.kind, paymentId: event.paymentId })) };
}
