import { createHash, randomBytes } from 'node:crypto';
import {
  GIFT_DELIVERY_MAX_DAYS,
  type GiftRequest,
  type RedeemedGift,
  type UserGift,
} from '@tokenly/contract/gifts';
import { MESSAGES } from '@tokenly/contract/messages';
import type { Database } from '../../db/client';
import type { GiftRow } from '../../db/schema/gifts';
import type { TokenPlanRow } from '../../db/schema/token-plans';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { centsToUsd } from '../../lib/money';
import { addDays, parseLocalDate, startOfLocalDay, toLocalDateTime } from '../../lib/time-zone';
import { lockUserCredits } from '../credits/credit-repository';
import { getBalance, grantCredits } from '../credits/credit-service';
import { mailLocaleOf } from '../mail/mail-recipients-repository';
import type { Mailer } from '../mail/mailer';
import { giftMail } from '../mail/templates/gift-mail';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import {
  claimGift,
  dueGiftIds,
  findAccountByEmail,
  findGiftByCode,
  findGiftOfPayment,
  findPerson,
  giftsBoughtBy,
  insertGift,
  lockGift,
  lockGiftOfPayment,
  planTitle,
  updateGift,
} from './gifts-repository';

// Gift cards (docs/gifts.md). A gift is written when its checkout starts and paid in the transaction that
// records the payment (checkout calls `paid`), which grants the buyer nothing. On its delivery day the
// recipient is mailed a code, made then and kept only as a hash; redeeming it is one conditional update,
// so a code gives its credits once however many redeem it at the same moment. A refund of the payment
// voids a gift not yet redeemed; a redeemed one belongs to its recipient and is not refunded as a gift.

const DAY_MS = 24 * 60 * 60 * 1000;
const DUE_BATCH = 100;
const LIST_LIMIT = 100;
/** Crockford-like: no I, O, 0 or 1 to misread; 12 of them are 60 random bits. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 12;

function newCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  const chars = [...bytes].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
  return `GIFT-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/**
 * A code as typed: case, spaces and dashes do not matter, nor the GIFT prefix (which no code's own
 * characters can begin with: the alphabet has no I).
 */
export function giftCodeHash(typed: string): string {
  const bare = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const body = bare.startsWith('GIFT') ? bare.slice(4) : bare;
  return createHash('sha256').update(body).digest('hex');
}

/** `redeem`'s refusals of the code (no gift has it, redeemed, refunded): a failed guess of codes. */
export const isGiftCodeRefusal = (error: unknown) =>
  error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'CONFLICT');

function toUserGift(row: GiftRow, tokenTitle: string): UserGift {
  return {
    id: row.id,
    token_title: tokenTitle,
    token_credit: row.credits,
    token_expiry: row.expiryDays,
    amount: centsToUsd(row.amount),
    recipient_email: row.recipientEmail,
    message: row.message,
    deliver_on: row.deliverOn,
    // Pending gifts are never listed.
    state: row.state === 'pending' ? 'scheduled' : row.state,
    sent_at: row.sentAt?.toISOString() ?? null,
    redeemed_at: row.redeemedAt?.toISOString() ?? null,
    refunded_at: row.refundedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export type GiftServiceOptions = {
  clock: Clock;
  settings: SchoolSettingsSource;
  mailer: Mailer;
  appUrl: string;
};

export function createGiftService(db: Database, { clock, settings, mailer, appUrl }: GiftServiceOptions) {
  /** Mails the code of a paid gift whose day has come, once: only a scheduled gift is sent. */
  async function deliver(tx: Database, gift: GiftRow, now: Date): Promise<void> {
    if (gift.state !== 'scheduled') return;
    const code = newCode();
    await updateGift(tx, gift.id, { state: 'sent', codeHash: giftCodeHash(code), sentAt: now });
    const [buyer, recipient, school, plan] = await Promise.all([
      findPerson(tx, gift.buyerId),
      findAccountByEmail(tx, gift.recipientEmail),
      settings.current(tx),
      planTitle(tx, gift.tokenPlanId),
    ]);
    await mailer.enqueue(
      tx,
      giftMail(
        {
          id: gift.id,
          recipientEmail: gift.recipientEmail,
          // The recipient's own language when they have an account; else the buyer's, who chose them.
          locale: mailLocaleOf(recipient?.locale ?? buyer?.locale),
          from: buyer?.name ?? school.schoolName,
          credits: gift.credits,
          plan,
          days: gift.expiryDays,
          message: gift.message,
          code,
        },
        { appUrl, school: school.schoolName },
      ),
    );
  }

  async function deliverOne(id: number, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const gift = await lockGift(tx, id);
      if (gift?.state !== 'scheduled' || gift.deliverAt > now) return false;
      await deliver(tx, gift, now);
      return true;
    });
  }

  return {
    /**
     * When a checkout of a package as a gift starts: the gift, pending until its payment is recorded. The
     * delivery day is the buyer's (their zone, else the school's); today sends the code once paid.
     */
    async prepare(buyer: { id: number }, plan: TokenPlanRow, request: GiftRequest): Promise<number> {
      if (plan.kind !== 'package') {
        throw new AppError('VALIDATION', MESSAGES.giftPackageOnly, { gift: [MESSAGES.giftPackageOnly] });
      }
      const now = nowOf(clock);
      const [person, school] = await Promise.all([findPerson(db, buyer.id), settings.current()]);
      const zone = person?.timezone ?? school.timeZone;
      const today = toLocalDateTime(now, zone);
      const day = parseLocalDate(request.deliver_on);
      const key = (date: { year: number; month: number; day: number }) =>
        date.year * 10_000 + date.month * 100 + date.day;
      if (key(day) < key(today)) {
        throw new AppError('VALIDATION', MESSAGES.giftDateInPast, {
          'gift.deliver_on': [MESSAGES.giftDateInPast],
        });
      }
      if (key(day) > key(addDays(today, GIFT_DELIVERY_MAX_DAYS))) {
        const message = MESSAGES.giftDateTooFar({ days: GIFT_DELIVERY_MAX_DAYS });
        throw new AppError('VALIDATION', message, { 'gift.deliver_on': [message] });
      }
      const gift = await insertGift(db, {
        buyerId: buyer.id,
        tokenPlanId: plan.id,
        credits: plan.tokenCredit,
        expiryDays: plan.tokenExpiry,
        amount: plan.amount,
        recipientEmail: request.recipient_email,
        message: request.message,
        deliverOn: request.deliver_on,
        deliverAt: startOfLocalDay(day, zone),
        createdAt: now,
      });
      return gift.id;
    },

    /**
     * In the transaction that records the gift's payment: the gift is paid (once; it must be this buyer's
     * and plan's) and, when its day has come, mailed at once. Returns whether the payment was a gift's.
     */
    async paid(
      tx: Database,
      giftId: number,
      payment: { id: number; userId: number; tokenPlanId: number; amount: number },
    ) {
      const gift = await lockGift(tx, giftId);
      if (gift?.buyerId !== payment.userId || gift.tokenPlanId !== payment.tokenPlanId) return false;
      if (gift.state !== 'pending') return true;
      const now = nowOf(clock);
      const scheduled = {
        ...gift,
        state: 'scheduled' as const,
        paymentId: payment.id,
        amount: payment.amount,
      };
      // What was charged, a promo code's discount taken off.
      await updateGift(tx, gift.id, { state: 'scheduled', paymentId: payment.id, amount: payment.amount });
      if (gift.deliverAt <= now) await deliver(tx, scheduled, now);
      return true;
    },

    /** The job's sweep: every paid gift whose day has come is mailed; returns how many. */
    async deliverDue(): Promise<number> {
      const now = nowOf(clock);
      let sent = 0;
      for (;;) {
        const ids = await dueGiftIds(db, now, DUE_BATCH);
        for (const id of ids) if (await deliverOne(id, now)) sent += 1;
        if (ids.length < DUE_BATCH) return sent;
      }
    },

    /** POST gift-redeem: the package's credits to the learner, valid from now for the package's days. */
    async redeem(userId: number, code: string): Promise<RedeemedGift> {
      const hash = giftCodeHash(code);
      const now = nowOf(clock);
      const granted = await db.transaction(async (tx) => {
        const gift = await claimGift(tx, hash, { userId, at: now });
        if (!gift) {
          const known = await findGiftByCode(tx, hash);
          if (known?.state === 'redeemed') throw new AppError('CONFLICT', MESSAGES.giftAlreadyRedeemed);
          if (known?.state === 'refunded') throw new AppError('CONFLICT', MESSAGES.giftRefunded);
          throw new AppError('NOT_FOUND', MESSAGES.giftNotFound, { code: [MESSAGES.giftNotFound] });
        }
        await lockUserCredits(tx, userId);
        const expiresAt = new Date(now.getTime() + gift.expiryDays * DAY_MS);
        // Tied to the buyer's payment, so a dispute of it takes back what is unused, as with a purchase.
        const lot = await grantCredits(tx, {
          userId,
          credits: gift.credits,
          expiresAt,
          source: 'gift',
          reason: 'gift',
          paymentId: gift.paymentId,
        });
        await updateGift(tx, gift.id, { lotId: lot.id });
        const [buyer, title] = await Promise.all([
          findPerson(tx, gift.buyerId),
          planTitle(tx, gift.tokenPlanId),
        ]);
        return { gift, expiresAt, from: buyer?.name ?? '', title };
      });
      return {
        credits: granted.gift.credits,
        token_title: granted.title,
        expires_at: granted.expiresAt.toISOString(),
        from_name: granted.from,
        balance: await getBalance(db, userId, now),
      };
    },

    /** GET user-gifts. */
    async bought(buyerId: number): Promise<UserGift[]> {
      const rows = await giftsBoughtBy(db, buyerId, LIST_LIMIT);
      return rows.map((row) => toUserGift(row.gift, row.tokenTitle));
    },

    /**
     * In an administrator's refund, under the payment's lock and before the provider is asked: a gift
     * already redeemed is the recipient's, and its payment is not refunded as a gift.
     */
    async checkRefundable(tx: Database, paymentId: number): Promise<void> {
      const gift = await lockGiftOfPayment(tx, paymentId);
      if (gift?.state === 'redeemed') {
        throw new AppError(
          'CONFLICT',
          'This gift was redeemed: its credits belong to the recipient now, so it cannot be refunded as a gift.',
        );
      }
    },

    /**
     * In a refund's or dispute's transaction: the gift not yet redeemed is void, its code (if sent) no
     * longer works, and an unsent one is never mailed. A redeemed gift's lot went with the payment's lots.
     */
    async paymentReversed(tx: Database, paymentId: number, now: Date): Promise<void> {
      const gift = await lockGiftOfPayment(tx, paymentId);
      if (gift?.state !== 'scheduled' && gift?.state !== 'sent') return;
      await updateGift(tx, gift.id, { state: 'refunded', refundedAt: now });
    },

    /** What the refund screen suggests for a gift: all of it while unredeemed (it granted no credits). */
    async unredeemed(paymentId: number): Promise<boolean> {
      const gift = await findGiftOfPayment(db, paymentId);
      return gift?.state === 'scheduled' || gift?.state === 'sent';
    },
  };
}

export type GiftService = ReturnType<typeof createGiftService>;
