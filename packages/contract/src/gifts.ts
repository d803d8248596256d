import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { envelope, isoDateInput, multiLine, singleLine } from './common.ts';

// Gift cards: a learner buys a package for someone else through the package's own checkout; at the
// delivery date the recipient is mailed a code, and redeeming it (once) gives the credits to whoever
// redeems it, the package's expiry counted from then.

export const GIFT_MESSAGE_MAX_LENGTH = 500;
/** How far ahead a gift may be dated. */
export const GIFT_DELIVERY_MAX_DAYS = 365;

/**
 * A gift's state: scheduled (paid, waiting for its delivery date), sent (the recipient has the code),
 * redeemed, refunded (the buyer got the money back; the code no longer works).
 */
export const GIFT_STATES = ['scheduled', 'sent', 'redeemed', 'refunded'] as const;
export type GiftState = (typeof GIFT_STATES)[number];

/** What a checkout of a package carries when it is bought as a gift. */
export const giftRequestSchema = z.strictObject({
  recipient_email: emailSchema,
  message: multiLine(z.string().trim().max(GIFT_MESSAGE_MAX_LENGTH, 'The message is too long.')).default(''),
  /** The day the recipient gets the code, in the buyer's time zone; today sends it at once. */
  deliver_on: isoDateInput,
});
export type GiftRequest = z.output<typeof giftRequestSchema>;

export const userGiftSchema = z.object({
  id: z.number().int(),
  token_title: z.string(),
  token_credit: z.number().int(),
  /** Days the credits last, counted from redemption. */
  token_expiry: z.number().int(),
  amount: z.number(),
  recipient_email: z.string(),
  message: z.string(),
  deliver_on: z.string(),
  state: z.enum(GIFT_STATES),
  sent_at: z.iso.datetime().nullable(),
  redeemed_at: z.iso.datetime().nullable(),
  refunded_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type UserGift = z.infer<typeof userGiftSchema>;
export const userGiftsResponseSchema = envelope(z.array(userGiftSchema));

/** Codes are shown in groups (GIFT-ABCD-EFGH-JKLM); spaces, dashes and case do not matter when typed. */
export const giftCodeSchema = singleLine(
  z
    .string({ error: 'Enter the gift code.' })
    .trim()
    .min(1, 'Enter the gift code.')
    .max(40, 'This is not a gift code.'),
);
export const redeemGiftBodySchema = z.strictObject({ code: giftCodeSchema });
export type RedeemGiftBody = z.output<typeof redeemGiftBodySchema>;

export const redeemedGiftSchema = z.object({
  credits: z.number().int(),
  token_title: z.string(),
  expires_at: z.iso.datetime(),
  from_name: z.string(),
  balance: z.number().int(),
});
export type RedeemedGift = z.infer<typeof redeemedGiftSchema>;
export const redeemGiftResponseSchema = envelope(redeemedGiftSchema);
