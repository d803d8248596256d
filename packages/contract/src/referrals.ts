import { z } from 'zod';
import { envelope, paginated, singleLine } from './common.ts';
import { URL_NAME_MAX_LENGTH, URL_NAME_MIN_LENGTH, URL_NAME_PATTERN } from './constants.ts';

// Sponsor links and referrals (DESIGN.md section 7): every account has a personal URL name; a link
// /r/{url name} or ?ref={url name} fills SPEC.md's session fields (userUrlName, userUrlInfoData,
// referal_id) from the public look-up, and `register` sends referal_id.

const URL_NAME_MESSAGE = `Use ${URL_NAME_MIN_LENGTH} to ${URL_NAME_MAX_LENGTH} letters, digits and hyphens, starting and ending with a letter or digit.`;

export const urlNameSchema = z
  .string({ error: URL_NAME_MESSAGE })
  .trim()
  .min(URL_NAME_MIN_LENGTH, URL_NAME_MESSAGE)
  .max(URL_NAME_MAX_LENGTH, URL_NAME_MESSAGE)
  .regex(URL_NAME_PATTERN, URL_NAME_MESSAGE)
  .transform((name) => name.toLowerCase());

/** School-setting defaults: credits for the friend and for the sponsor, the hold, the sponsor's monthly cap. */
export const REFERRAL_DEFAULTS = {
  friendCredits: 2,
  sponsorCredits: 2,
  holdDays: 14,
  monthlyCap: 10,
} as const;

/** The offer a sponsor link brings, as the school settings say now. */
export const referralOfferSchema = z.object({
  friend_credits: z.number().int(),
  sponsor_credits: z.number().int(),
  hold_days: z.number().int(),
});
export type ReferralOffer = z.infer<typeof referralOfferSchema>;

/** GET sponsor/:url_name (public): SPEC.md's userUrlInfoData, and the offer to show with "Invited by". */
export const sponsorInfoSchema = z.object({
  enrolling_sponsor_name: z.string(),
  id: z.number().int(),
  user_type: z.string(),
  offer: referralOfferSchema,
});
export type SponsorInfo = z.infer<typeof sponsorInfoSchema>;
export const sponsorInfoResponseSchema = envelope(sponsorInfoSchema);
export const sponsorParamSchema = z.object({ url_name: z.string().max(100) });

/**
 * A referral's state: signed up (the friend has an account), purchased (their first paid purchase is
 * in its hold), held (flagged: same person as the sponsor, waiting for an administrator), rewarded (the
 * sponsor's credits were granted), qualified (the hold was met; a teacher sponsor holds no credits),
 * withdrawn (the qualifying payment was refunded or disputed), rejected (an administrator's decision).
 */
export const REFERRAL_STATES = [
  'signed_up',
  'purchased',
  'held',
  'rewarded',
  'qualified',
  'withdrawn',
  'rejected',
] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

/** Why a referral is held for an administrator. */
export const REFERRAL_FLAGS = ['same_email', 'same_card'] as const;

/** An invitee as their sponsor sees them: first name and initial, never their email. */
export const inviteeSchema = z.object({
  id: z.number().int(),
  display_name: z.string(),
  state: z.enum(REFERRAL_STATES),
  signed_up_at: z.iso.datetime(),
});
export type Invitee = z.infer<typeof inviteeSchema>;

/** GET user-referrals: the account's URL name (made on first read), the offer and whom it invited. */
export const userReferralsSchema = z.object({
  url_name: z.string(),
  // Whether the owner has chosen it; until then it is the default and can be changed once.
  url_name_chosen: z.boolean(),
  offer: referralOfferSchema,
  invitees: z.array(inviteeSchema),
});
export type UserReferrals = z.infer<typeof userReferralsSchema>;
export const userReferralsResponseSchema = envelope(userReferralsSchema);

/** POST user-url-name: chosen once. */
export const userUrlNameBodySchema = z.strictObject({ url_name: urlNameSchema });
export type UserUrlNameBody = z.infer<typeof userUrlNameBodySchema>;

const person = z.object({ id: z.number().int(), name: z.string() });

export const adminReferralSchema = z.object({
  id: z.number().int(),
  sponsor: person,
  friend: person,
  state: z.enum(REFERRAL_STATES),
  flag: z.enum(REFERRAL_FLAGS).nullable(),
  payment_id: z.number().int().nullable(),
  friend_credits: z.number().int(),
  sponsor_credits: z.number().int(),
  hold_until: z.iso.datetime().nullable(),
  rewarded_at: z.iso.datetime().nullable(),
  decision_note: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type AdminReferral = z.infer<typeof adminReferralSchema>;

/** One month of the programme, in the school's time zone. */
export const referralMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  signed_up: z.number().int(),
  rewarded: z.number().int(),
  friend_credits: z.number().int(),
  sponsor_credits: z.number().int(),
});
export type ReferralMonth = z.infer<typeof referralMonthSchema>;

/** GET admin-referrals: every referral, newest first, a page of 15, and the totals of the last 12 months. */
export const adminReferralsSchema = z.object({
  referrals: paginated(adminReferralSchema),
  months: z.array(referralMonthSchema),
});
export type AdminReferrals = z.infer<typeof adminReferralsSchema>;
export const adminReferralsResponseSchema = envelope(adminReferralsSchema);

/** POST admin-referral/:id/decision: a held referral approved or rejected, with the reason (audited). */
export const adminReferralDecisionBodySchema = z.strictObject({
  decision: z.enum(['approve', 'reject']),
  reason: singleLine(z.string().trim().min(1, { message: 'Give a reason.' }).max(200)),
});
export type AdminReferralDecisionBody = z.infer<typeof adminReferralDecisionBodySchema>;
export const adminReferralResponseSchema = envelope(adminReferralSchema);

/** GET admin-user-referrals/:id: who sponsored the learner and whom they sponsored. */
export const adminUserReferralsSchema = z.object({
  sponsor: person.extend({ state: z.enum(REFERRAL_STATES) }).nullable(),
  sponsored: z.array(person.extend({ state: z.enum(REFERRAL_STATES) })),
});
export type AdminUserReferrals = z.infer<typeof adminUserReferralsSchema>;
export const adminUserReferralsResponseSchema = envelope(adminUserReferralsSchema);
