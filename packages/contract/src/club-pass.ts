import { z } from 'zod';
import { envelope, singleLine } from './common.ts';

/** Days one club month of a plan adds to a learner's pass. */
export const CLUB_MONTH_DAYS = 30;
/** The most club months a plan may carry, and the most days an administrator grants at once. */
export const CLUB_MONTHS_MAX = 12;
export const CLUB_GRANT_DAYS_MAX = 366;
/** A learner is told this many days before their pass ends (with the credit notices' mail switch). */
export const CLUB_PASS_NOTICE_DAYS = 3;
/** SPEC.md section 9: "2-3 times a week"; the school setting's first value. */
export const CLUB_SESSIONS_PER_WEEK_DEFAULT = 3;

/**
 * How a pass changed: days added by a purchase or an administrator (granted when no pass ran,
 * extended when one did), days taken away by an administrator (ended) or by the refund of the
 * payment that added them (refunded).
 */
export const CLUB_PASS_EVENT_KINDS = ['granted', 'extended', 'ended', 'refunded'] as const;
export type ClubPassEventKind = (typeof CLUB_PASS_EVENT_KINDS)[number];

/**
 * Where the days of a pass last came from: a plan bought with a free club month (plan), the club plan's
 * monthly subscription (subscription), or an administrator (admin).
 */
export const clubPassSourceSchema = z.object({
  kind: z.enum(['plan', 'subscription', 'admin']),
  // The plan whose purchase added the days; null for an administrator's grant.
  plan_title: z.string().nullable(),
});
export type ClubPassSource = z.infer<typeof clubPassSourceSchema>;

/** A learner's pass: club classes starting from `from` until `until` are booked with it. */
export const clubPassSchema = z.object({
  from: z.iso.datetime(),
  until: z.iso.datetime(),
  // Whether the pass runs now; one that ended stays readable until a new one replaces it.
  active: z.boolean(),
  // Whole days left, rounded up; 0 once it has ended.
  days_left: z.number().int(),
  source: clubPassSourceSchema.nullable(),
});
export type ClubPass = z.infer<typeof clubPassSchema>;

/** GET user-club-pass: the learner's pass (null when they never had one) and the school's weekly allowance. */
export const userClubPassSchema = z.object({
  pass: clubPassSchema.nullable(),
  sessions_per_week: z.number().int(),
});
export type UserClubPass = z.infer<typeof userClubPassSchema>;
export const userClubPassResponseSchema = envelope(userClubPassSchema);

export const clubPassEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CLUB_PASS_EVENT_KINDS),
  // The days this change added or took away.
  from: z.iso.datetime(),
  until: z.iso.datetime(),
  days: z.number().int(),
  payment_id: z.number().int().nullable(),
  plan_title: z.string().nullable(),
  actor_name: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type ClubPassEvent = z.infer<typeof clubPassEventSchema>;

/** GET admin-user-club-pass/:id: the pass and its whole history, newest first. */
export const adminClubPassSchema = z.object({
  pass: clubPassSchema.nullable(),
  history: z.array(clubPassEventSchema),
});
export type AdminClubPass = z.infer<typeof adminClubPassSchema>;
export const adminClubPassResponseSchema = envelope(adminClubPassSchema);

const reasonSchema = singleLine(z.string().trim().min(1, { message: 'Give a reason.' }).max(200));

/** POST admin-user-club-pass/:id/grant: days from now, or added to a running pass. */
export const adminClubPassGrantBodySchema = z.strictObject({
  days: z
    .number({ error: 'Enter a number of days.' })
    .int('Enter a whole number of days.')
    .min(1, 'Grant at least 1 day.')
    .max(CLUB_GRANT_DAYS_MAX, `Grant at most ${CLUB_GRANT_DAYS_MAX} days at once.`),
  reason: reasonSchema,
});
export type AdminClubPassGrantBody = z.infer<typeof adminClubPassGrantBodySchema>;

/** POST admin-user-club-pass/:id/end: the pass ends now; bookings already made stay. */
export const adminClubPassEndBodySchema = z.strictObject({ reason: reasonSchema });
export type AdminClubPassEndBody = z.infer<typeof adminClubPassEndBodySchema>;
