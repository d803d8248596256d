import type { Database } from '../../db/client';
import {
  changeLotRemaining,
  insertLedgerRows,
  insertLot,
  lockUserCredits,
  lotsOfSubscriptionToRoll,
} from './credit-repository';

/**
 * At a membership's renewal (the school's rollover setting): the credits its earlier periods left unused
 * (unexpired at `now`, not taken back by a refund), up to `cap`, move into lots that expire `extendMs`
 * later, the ones expiring first first; the rest keep their own expiry and end as before. Each move is a
 * pair of `rollover` ledger rows, out of the old lot and into the new one, so the lots still add up to
 * the ledger and the history says which credits rolled. Call it before the new period's own lot is
 * granted, so that lot is not counted. Returns the credits rolled over.
 */
export async function rollOverCredits(
  tx: Database,
  input: { userId: number; subscriptionId: number; cap: number; extendMs: number; now: Date },
): Promise<number> {
  if (input.cap <= 0 || input.extendMs <= 0) return 0;
  await lockUserCredits(tx, input.userId);
  const lots = await lotsOfSubscriptionToRoll(tx, input.userId, input.subscriptionId, input.now);
  let rolled = 0;
  for (const lot of lots) {
    const credits = Math.min(lot.creditsRemaining, input.cap - rolled);
    if (credits <= 0) break;
    if (!(await changeLotRemaining(tx, lot.id, -credits))) continue;
    const moved = await insertLot(tx, {
      userId: input.userId,
      creditsTotal: credits,
      creditsRemaining: credits,
      expiresAt: new Date(lot.expiresAt.getTime() + input.extendMs),
      source: 'subscription',
      // Its payment still: a later refund of that payment takes these credits back too.
      paymentId: lot.paymentId,
    });
    await insertLedgerRows(tx, [
      { userId: input.userId, delta: -credits, reason: 'rollover', lotId: lot.id, paymentId: lot.paymentId },
      { userId: input.userId, delta: credits, reason: 'rollover', lotId: moved.id, paymentId: lot.paymentId },
    ]);
    rolled += credits;
  }
  return rolled;
}
