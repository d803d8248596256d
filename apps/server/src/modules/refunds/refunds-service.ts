import type { RefundBody, RefundPreview, RefundResult } from '@tokenly/contract/payments';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { centsToUsd, usdToCents } from '../../lib/money';
import { takeBackPaymentClubDays } from '../club-pass/club-pass-service';
import { lockUserCredits, rolledLotIds } from '../credits/credit-repository';
import { clawBackLot, getBalance } from '../credits/credit-service';
import type { GiftService } from '../gifts/gifts-service';
import type { InvoiceService } from '../invoices/invoices-service';
import {
  type GatewayEvent,
  GatewayRefundError,
  type PaymentGateway,
} from '../payment-gateways/payment-gateway';
import { listPayments } from '../payments/payments-repository';
import { paymentReference, toPaymentDto } from '../payments/payments-service';
import type { ReferralService } from '../referrals/referrals-service';
import {
  findPaymentByRef,
  lockPayment,
  lotsOfPayment,
  lotsOfPaymentForUpdate,
  markDisputed,
  type PaymentRow,
  raiseAmountRefunded,
} from './refunds-repository';

// A payment's money going back, whether an administrator refunds it here, the school refunds it
// in Stripe's dashboard, or the cardholder's bank opens a dispute. Each takes back the unused credits of
// the lot the payment granted, once: the lot is marked, and the refunded total is written as an absolute
// figure, so our refund and Stripe's `charge.refunded` echo of it, in either order and however often
// delivered, change the credits and the money once.

const PROVIDER_REFUND_NOTE = 'Refunded with the payment provider.';
const DISPUTE_NOTE = "Disputed by the cardholder's bank.";

type Effect = (tx: Database) => Promise<unknown>;

export function createRefundService(
  db: Database,
  gateway: PaymentGateway,
  {
    clock,
    invoices,
    referrals,
    gifts,
  }: {
    clock: Clock;
    invoices: InvoiceService;
    referrals: Pick<ReferralService, 'paymentReversed'>;
    gifts: Pick<GiftService, 'checkRefundable' | 'paymentReversed' | 'unredeemed'>;
  },
) {
  /**
   * Takes back every unused credit of the payment's lots; returns the credits that were spendable. The
   * learner's credits are locked before the lots, in the order booking and cancelling take them, so a
   * refund racing the learner's own booking waits instead of deadlocking.
   */
  async function clawBack(tx: Database, payment: PaymentRow, note: string, actorId: number | null) {
    const now = nowOf(clock);
    await lockUserCredits(tx, payment.userId);
    let taken = 0;
    for (const lot of await lotsOfPaymentForUpdate(tx, payment.id)) {
      taken += await clawBackLot(tx, lot, { now, note, actorId });
    }
    // The Club days the payment added and the learner has not yet lived go with its credits, once.
    await takeBackPaymentClubDays(tx, payment.id, { now, note, actorId });
    // A referral this payment qualified is withdrawn, and a sponsor's reward already granted for it taken back.
    await referrals.paymentReversed(tx, payment.id, { now, note, actorId });
    // A gift it bought and nobody redeemed is void: its code no longer works.
    await gifts.paymentReversed(tx, payment.id, now);
    return taken;
  }

  /** Asks the provider for the money, inside the transaction that holds the payment's lock. */
  async function sendRefund(tx: Database, payment: PaymentRow, cents: number, adminId: number) {
    try {
      await gateway.refund(
        {
          paymentRef: payment.providerRef,
          amount: cents,
          idempotencyKey: `tokenly-refund-${payment.id}-${payment.amountRefunded}-${cents}`,
          metadata: { tokenly_payment_id: String(payment.id), tokenly_admin_id: String(adminId) },
        },
        tx,
      );
    } catch (error) {
      if (error instanceof GatewayRefundError) throw new AppError('CONFLICT', error.message);
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The payment provider could not be reached; nothing was refunded.',
      );
    }
  }

  /**
   * The refunded total is now at least `total` cents (a provider's figure), or grows by `add` cents (our
   * own refund, added to the total read under the payment's lock, so two admins' refunds both count); the
   * credits go the first time money does.
   */
  async function applyRefund(
    tx: Database,
    paymentId: number,
    input: ({ total: number } | { add: number }) & {
      by: number | null;
      eventId: string | null;
      note: string;
    },
  ): Promise<number> {
    const payment = await lockPayment(tx, paymentId);
    const total = 'add' in input ? (payment?.amountRefunded ?? 0) + input.add : input.total;
    if (!payment || total <= 0) return 0;
    const raised = await raiseAmountRefunded(tx, payment.id, {
      total,
      at: nowOf(clock),
      by: input.by,
      eventId: input.eventId,
    });
    // The money that went back now, read under the lock: the provider's echo of our refund raises
    // nothing and issues no second credit note.
    if (raised)
      await invoices.issueCreditNote(tx, payment.id, raised.amountRefunded - payment.amountRefunded);
    return clawBack(tx, payment, input.note, input.by);
  }

  async function readPayment(id: number) {
    const [row] = await listPayments(db, { offset: 0, limit: 1, paymentId: id });
    if (!row) throw new AppError('NOT_FOUND', 'This payment does not exist.');
    return row;
  }

  async function preview(id: number): Promise<RefundPreview> {
    const payment = await readPayment(id);
    const now = nowOf(clock);
    const [lots, rolled] = await Promise.all([lotsOfPayment(db, payment.id), rolledLotIds(db, payment.id)]);
    // What the payment bought; a lot of credits that came back from a cancelled booking is not more of it,
    // nor one its credits rolled into at a renewal, and a referral bonus that came with it was free: all
    // go with a refund, none is priced.
    const total = lots
      .filter((lot) => lot.source !== 'refund' && lot.source !== 'referral' && !rolled.has(lot.id))
      .reduce((sum, lot) => sum + lot.creditsTotal, 0);
    const usable = lots.filter((lot) => !lot.clawedBackAt && lot.expiresAt > now);
    const unused = usable.reduce((sum, lot) => sum + lot.creditsRemaining, 0);
    const unusedPaid = usable
      .filter((lot) => lot.source !== 'referral')
      .reduce((sum, lot) => sum + lot.creditsRemaining, 0);
    const refundable = payment.status === 'succeeded' ? payment.amount - payment.amountRefunded : 0;
    // An unredeemed gift granted no credits yet: all of it can go back.
    const proRata = (await gifts.unredeemed(payment.id))
      ? refundable
      : total === 0
        ? 0
        : Math.round((payment.amount * unusedPaid) / total);
    const balance = await getBalance(db, payment.userId, now);
    return {
      payment_id: payment.id,
      reference: paymentReference(payment.id),
      student: { id: payment.userId, name: payment.userName },
      amount: centsToUsd(payment.amount),
      amount_refunded: centsToUsd(payment.amountRefunded),
      refundable: centsToUsd(refundable),
      credits_total: total,
      credits_unused: unusedPaid,
      credits_used: total - unusedPaid,
      suggested_amount: centsToUsd(Math.min(proRata, refundable)),
      balance,
      balance_after: balance - unused,
    };
  }

  return {
    preview,

    /**
     * POST admin-payment/:id/refund, serialised on the payment's row: the lock is taken first, what is
     * refundable is read under it, the provider is asked with an idempotency key made of that locked state,
     * and the refunded total and the credits change before the lock goes. A second refund of the same
     * payment (another admin, a doubled click, the provider's webhook) waits and then sees the first, so
     * what we record is always what the provider moved. Should the commit fail after the provider paid, a
     * retry finds the same state, sends the same key and gets the same refund back.
     */
    async refund(adminId: number, id: number, body: RefundBody): Promise<RefundResult> {
      const cents = usdToCents(body.amount);
      const { userId, removed } = await db.transaction(async (tx) => {
        const payment = await lockPayment(tx, id);
        if (!payment) throw new AppError('NOT_FOUND', 'This payment does not exist.');
        if (payment.status !== 'succeeded' || payment.amountRefunded >= payment.amount) {
          throw new AppError('CONFLICT', 'This payment has nothing left to refund.');
        }
        const refundable = payment.amount - payment.amountRefunded;
        if (cents > refundable) {
          const message = `At most ${centsToUsd(refundable).toFixed(2)} USD can still be refunded.`;
          throw new AppError('VALIDATION', message, { amount: [message] });
        }
        await gifts.checkRefundable(tx, payment.id);
        await sendRefund(tx, payment, cents, adminId);
        const taken = await applyRefund(tx, payment.id, {
          add: cents,
          by: adminId,
          eventId: null,
          note: body.reason,
        });
        return { userId: payment.userId, removed: taken };
      });
      const updated = await readPayment(id);
      return {
        payment: toPaymentDto(updated),
        credits_removed: removed,
        balance: await getBalance(db, userId, nowOf(clock)),
      };
    },

    /** What a provider event about refunds or disputes does; undefined for other events. */
    async eventEffect(event: GatewayEvent): Promise<Effect | undefined> {
      const nothing: Effect = async () => undefined;
      if (event.type === 'charge.refunded') {
        const charge = await gateway.retrieveCharge(event.objectId);
        const payment = charge?.paymentRef ? await findPaymentByRef(db, charge.paymentRef) : undefined;
        if (!charge || !payment) return nothing;
        return async (tx) => {
          // The total is read again once the payment is ours: an admin's refund holding the lock may have
          // moved more money since the first read, and writing that older figure would undercount it.
          await lockPayment(tx, payment.id);
          const now = await gateway.retrieveCharge(event.objectId);
          return applyRefund(tx, payment.id, {
            total: Math.max(charge.amountRefunded, now?.amountRefunded ?? 0),
            by: null,
            eventId: event.id,
            note: PROVIDER_REFUND_NOTE,
          });
        };
      }
      if (event.type === 'charge.dispute.created') {
        const dispute = await gateway.retrieveDispute(event.objectId);
        const payment = dispute?.paymentRef ? await findPaymentByRef(db, dispute.paymentRef) : undefined;
        if (!dispute || !payment) return nothing;
        return async (tx) => {
          const locked = await lockPayment(tx, payment.id);
          if (!locked) return;
          await markDisputed(tx, locked.id, nowOf(clock));
          await clawBack(tx, locked, DISPUTE_NOTE, null);
        };
      }
      return undefined;
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
