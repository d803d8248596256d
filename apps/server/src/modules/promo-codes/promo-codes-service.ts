import { MESSAGES } from '@tokenly/contract/messages';
import {
  type PromoCode,
  type PromoCodeBody,
  type PromoQuote,
  promoDiscountCents,
} from '@tokenly/contract/promo-codes';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { TokenPlanRow } from '../../db/schema/token-plans';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { centsToUsd, usdToCents } from '../../lib/money';
import { pageOffset, toPage } from '../../lib/pagination';
import type { GatewayPaymentIntent, PaymentGateway } from '../payment-gateways/payment-gateway';
import { findActiveTokenPlan } from '../token-plans/token-plans-repository';
import {
  countUses,
  findLapsedHolds,
  findLiveHold,
  findPromoCodeByCode,
  findPromoCodeWithUses,
  hasPurchased,
  insertHold,
  insertPromoCode,
  listPromoCodes,
  lockPromoCode,
  type PromoCodeRow,
  type PromoCodeValues,
  type PromoCodeWithUses,
  type PromoRedemptionRow,
  redeemByRef,
  releaseHold,
  renewHold,
  setHoldRef,
  updatePromoCode,
} from './promo-codes-repository';

// A checkout with a code holds one use of it before the card is charged, under the code's row lock, so
// however many checkouts race, no more are started than the limits allow. The hold becomes the use when
// the payment is granted; a checkout abandoned keeps its hold HOLD_MINUTES, then its payment is cancelled
// at the gateway (before the code's limits are next counted) and the use is free again.

const HOLD_MINUTES = 30;
const CODE_TAKEN = 'Another promo code has this code.';
// The gateway's states in which the same payment intent can still be paid (another card, the bank's step).
const PAYABLE: ReadonlySet<string> = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

const codeError = (message: string) => new AppError('VALIDATION', message, { promo_code: [message] });

/** A refusal of the code itself (unknown, expired, used up...): what a guess of codes counts as failed. */
export const isPromoCodeRefusal = (error: unknown) =>
  error instanceof AppError && error.fieldErrors?.promo_code !== undefined;

function toDto(row: PromoCodeWithUses): PromoCode {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    percent_off: row.percentOff,
    amount_off: row.amountOff === null ? null : centsToUsd(row.amountOff),
    token_plan_ids: row.tokenPlanIds,
    first_purchase_only: row.firstPurchaseOnly,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    max_uses: row.maxUses,
    max_uses_per_learner: row.maxUsesPerLearner,
    active: row.active,
    uses: row.uses,
    held: row.held,
    created_at: row.createdAt.toISOString(),
  };
}

function valuesOf(body: PromoCodeBody): PromoCodeValues {
  return {
    code: body.code,
    description: body.description,
    kind: body.kind,
    percentOff: body.kind === 'percent' ? body.percent_off : null,
    amountOff: body.kind === 'amount' && body.amount_off !== null ? usdToCents(body.amount_off) : null,
    tokenPlanIds: [...new Set(body.token_plan_ids)],
    firstPurchaseOnly: body.first_purchase_only,
    startsAt: body.starts_at ? new Date(body.starts_at) : null,
    endsAt: body.ends_at ? new Date(body.ends_at) : null,
    maxUses: body.max_uses,
    maxUsesPerLearner: body.max_uses_per_learner,
    active: body.active,
  };
}

export const discountOf = (code: PromoCodeRow, priceCents: number) =>
  promoDiscountCents(priceCents, {
    kind: code.kind,
    percent_off: code.percentOff,
    amount_off_cents: code.amountOff,
  });

/** Starts a payment intent of `amount` cents with the code's own metadata added to the checkout's. */
export type StartIntent = (
  amountCents: number,
  metadata: Record<string, string>,
) => Promise<GatewayPaymentIntent>;

export function createPromoCodesService(db: Database, options: { clock: Clock; gateway: PaymentGateway }) {
  const now = () => nowOf(options.clock);

  /** The code, if this learner may use it on this plan now; `tx` holds the code's lock when counting matters. */
  async function usable(tx: Database, code: PromoCodeRow, userId: number, plan: TokenPlanRow, at: Date) {
    if (!code.active) throw codeError(MESSAGES.promoCodeUnknown);
    if (code.startsAt && at < code.startsAt) throw codeError(MESSAGES.promoCodeNotYet);
    if (code.endsAt && at >= code.endsAt) throw codeError(MESSAGES.promoCodeExpired);
    if (plan.kind !== 'package' || (code.tokenPlanIds.length > 0 && !code.tokenPlanIds.includes(plan.id))) {
      throw codeError(MESSAGES.promoCodeOtherPlan);
    }
    if (code.firstPurchaseOnly && (await hasPurchased(tx, userId))) {
      throw codeError(MESSAGES.promoCodeFirstPurchase);
    }
    const uses = await countUses(tx, code.id, userId, at);
    // A first purchase happens once: two checkouts started side by side cannot both be it.
    if (code.firstPurchaseOnly && uses.mine > 0) throw codeError(MESSAGES.promoCodeFirstPurchase);
    if (code.maxUses !== null && uses.total >= code.maxUses) throw codeError(MESSAGES.promoCodeUsedUp);
    if (code.maxUsesPerLearner !== null && uses.mine >= code.maxUsesPerLearner) {
      throw codeError(MESSAGES.promoCodeUsedByYou);
    }
  }

  async function known(text: string): Promise<PromoCodeRow> {
    const code = await findPromoCodeByCode(db, text);
    if (!code) throw codeError(MESSAGES.promoCodeUnknown);
    return code;
  }

  function quoteOf(code: PromoCodeRow, plan: TokenPlanRow): PromoQuote & { cents: number } {
    const discount = discountOf(code, plan.amount);
    return {
      code: code.code,
      price: centsToUsd(plan.amount),
      discount: centsToUsd(discount),
      amount: centsToUsd(plan.amount - discount),
      cents: plan.amount - discount,
    };
  }

  /** The learner's own checkout with this code still open: paid with the same intent rather than a second hold. */
  /**
   * Frees the uses of the code's checkouts abandoned past their hold: each payment is cancelled at the
   * gateway first, so it can never be paid at the discount once the use is counted elsewhere. One paid
   * meanwhile keeps its hold, counted until its grant makes it the use.
   */
  async function freeLapsedHolds(promoCodeId: number, at: Date) {
    for (const hold of await findLapsedHolds(db, promoCodeId, at)) {
      const intent = hold.providerRef ? await options.gateway.cancelPaymentIntent(hold.providerRef) : null;
      if (intent?.status === 'succeeded' || intent?.status === 'processing') {
        await renewHold(db, hold.id, new Date(at.getTime() + HOLD_MINUTES * 60_000));
      } else {
        await releaseHold(db, hold.id);
      }
    }
  }

  async function reusableIntent(
    hold: PromoRedemptionRow | undefined,
    amountCents: number,
    buysTheSame: (intent: GatewayPaymentIntent) => boolean,
  ): Promise<GatewayPaymentIntent | undefined> {
    if (!hold?.providerRef) return undefined;
    const intent = await options.gateway.retrievePaymentIntent(hold.providerRef);
    if (
      intent &&
      PAYABLE.has(intent.status) &&
      intent.amount === amountCents &&
      intent.clientSecret &&
      buysTheSame(intent)
    ) {
      return intent;
    }
    // Paid already (its grant redeems the hold), or gone: left as it is, or released.
    if (!intent || intent.status === 'canceled') await releaseHold(db, hold.id);
    return undefined;
  }

  return {
    async adminList(page: number) {
      const { rows, total } = await listPromoCodes(db, pageOffset(page), now());
      return toPage(rows.map(toDto), total, page);
    },

    async adminGet(id: number): Promise<PromoCode> {
      const row = await findPromoCodeWithUses(db, id, now());
      if (!row) throw new AppError('NOT_FOUND', 'No such promo code.');
      return toDto(row);
    },

    async create(body: PromoCodeBody): Promise<PromoCode> {
      try {
        const row = await insertPromoCode(db, valuesOf(body), now());
        return toDto({ ...row, uses: 0, held: 0 });
      } catch (error) {
        if (isUniqueViolation(error, 'promo_codes_code_unique')) {
          throw new AppError('CONFLICT', CODE_TAKEN, { code: [CODE_TAKEN] });
        }
        throw error;
      }
    },

    /** Every field at once; `active: false` stops new checkouts, and those holding it may still finish. */
    async update(id: number, body: PromoCodeBody): Promise<PromoCode> {
      try {
        const row = await updatePromoCode(db, id, valuesOf(body), now());
        if (!row) throw new AppError('NOT_FOUND', 'No such promo code.');
        return this.adminGet(row.id);
      } catch (error) {
        if (isUniqueViolation(error, 'promo_codes_code_unique')) {
          throw new AppError('CONFLICT', CODE_TAKEN, { code: [CODE_TAKEN] });
        }
        throw error;
      }
    },

    /** POST promo-code/check: the price with the code, as the checkout will charge it; nothing is held. */
    async quote(userId: number, text: string, planId: number): Promise<PromoQuote> {
      const plan = await findActiveTokenPlan(db, planId);
      if (!plan) throw new AppError('NOT_FOUND', MESSAGES.packageNotOnSale);
      const code = await known(text);
      await usable(db, code, userId, plan, now());
      const { cents: _cents, ...quote } = quoteOf(code, plan);
      return quote;
    },

    /**
     * payment/intent with a code: `amountCents` (the client's) must be the discounted price. One use is
     * held under the code's lock before the gateway is asked, and released if the gateway fails. The
     * learner's payment still open with this code and package is offered again only when it buys the
     * same (`buysTheSame`: for themselves, or the same gift).
     */
    async startIntent(
      userId: number,
      plan: TokenPlanRow,
      text: string,
      amountCents: number,
      start: StartIntent,
      buysTheSame: (intent: GatewayPaymentIntent) => boolean,
    ): Promise<GatewayPaymentIntent> {
      const code = await known(text);
      const expected = quoteOf(code, plan);
      if (amountCents !== expected.cents) {
        const message = `The amount does not match the price of this package with the code (${expected.amount.toFixed(2)} USD).`;
        throw new AppError('VALIDATION', message, { amount: [message] });
      }
      const at = now();
      await freeLapsedHolds(code.id, at);
      const open = await findLiveHold(db, { promoCodeId: code.id, userId, tokenPlanId: plan.id, now: at });
      const again = await reusableIntent(open, expected.cents, buysTheSame);
      if (again) return again;
      const hold = await db.transaction(async (tx) => {
        const locked = await lockPromoCode(tx, code.id);
        if (!locked) throw codeError(MESSAGES.promoCodeUnknown);
        await usable(tx, locked, userId, plan, at);
        const discount = discountOf(locked, plan.amount);
        if (plan.amount - discount !== amountCents) throw codeError(MESSAGES.promoCodeUnknown);
        return insertHold(tx, {
          promoCodeId: locked.id,
          userId,
          tokenPlanId: plan.id,
          code: locked.code,
          price: plan.amount,
          discount,
          heldUntil: new Date(at.getTime() + HOLD_MINUTES * 60_000),
          createdAt: at,
        });
      });
      try {
        const intent = await start(hold.price - hold.discount, {
          tokenly_promo_code: hold.code,
          tokenly_discount_cents: String(hold.discount),
        });
        await setHoldRef(db, hold.id, intent.id);
        return intent;
      } catch (error) {
        await releaseHold(db, hold.id);
        throw error;
      }
    },

    /** In the grant's transaction: the checkout's hold becomes this payment's use, with what it took off. */
    async redeem(tx: Database, providerRef: string, paymentId: number) {
      const row = await redeemByRef(tx, providerRef, paymentId);
      return row && { code: row.code, discountCents: row.discount };
    },
  };
}

export type PromoCodesService = ReturnType<typeof createPromoCodesService>;
