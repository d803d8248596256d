import { z } from 'zod';
import { emailSchema, nameSchema } from './auth.ts';
import { CLASSROOM_PROVIDERS } from './classroom.ts';
import { envelope, multiLine, numberInput, paginated, singleLine, timeZoneInput } from './common.ts';
import { levelRuleSchema } from './levels.ts';
import { COURSE_TAB_COUNT, COURSE_TAB_NAME_MAX, courseTabNames, optionalHttpsUrl } from './site.ts';

// The school's settings, kept in the database and edited by admins. The ranges are
// those the environment variables that give a new database its first values have always accepted.

export const CANCEL_WINDOW_HOURS_MAX = 720;
export const WAITLIST_CUTOFF_HOURS_MAX = 720;
export const MEETING_LINK_LEAD_MINUTES_MAX = 1440;
export const CLUB_SESSIONS_PER_WEEK_MAX = 14;
export const REFERRAL_CREDITS_MAX = 100;
export const REFERRAL_HOLD_DAYS_MAX = 365;
export const REFERRAL_MONTHLY_CAP_MAX = 1000;
export const PLACEMENT_RETAKE_DAYS_MAX = 365;
export const DUNNING_GRACE_DAYS_MAX = 60;
export const DUNNING_RETRY_DAYS_DEFAULT = '1,3,7';
export const DUNNING_GRACE_DAYS_DEFAULT = 3;
export const PAUSE_MONTHS_MAX = 3;
export const PAUSE_TIMES_PER_YEAR_MAX = 12;
/** Rollover: off until the school turns it on; the cap is in periods' worth of the plan's credits. */
export const ROLLOVER_DEFAULTS = { enabled: false, capPeriods: 1 } as const;
export const ROLLOVER_CAP_PERIODS_MAX = 6;
/** The largest class material file, in megabytes: first value and the most a school may set. */
export const MATERIAL_MAX_MB_DEFAULT = 20;
export const MATERIAL_MAX_MB_MAX = 200;
export const PAUSE_DEFAULTS = { allowed: true, maxMonths: 3, timesPerYear: 1, extendsCredits: true } as const;
const DUNNING_RETRY_DAY_MAX = 60;
const DUNNING_RETRIES_MAX = 5;
const DUNNING_RETRY_DAYS_MESSAGE = `The retry days must be up to ${DUNNING_RETRIES_MAX} whole days from 1 to ${DUNNING_RETRY_DAY_MAX}, rising, separated by commas (1, 3, 7).`;

/** The days after a failed renewal on which the card is tried again, from the stored '1,3,7'. */
export function dunningRetryDays(stored: string): number[] {
  return stored
    .split(',')
    .map((day) => day.trim())
    .filter((day) => day !== '')
    .map(Number);
}

const dunningRetryDaysInput = z
  .string(DUNNING_RETRY_DAYS_MESSAGE)
  .transform((value) => dunningRetryDays(value))
  .refine(
    (days) =>
      days.length >= 1 &&
      days.length <= DUNNING_RETRIES_MAX &&
      days.every(
        (day, index) =>
          Number.isInteger(day) && day >= 1 && day <= DUNNING_RETRY_DAY_MAX && day > (days[index - 1] ?? 0),
      ),
    DUNNING_RETRY_DAYS_MESSAGE,
  )
  .transform((days) => days.join(','));

/** Every setting by its name in the API and the change history, with the label the screen gives it. */
export const SCHOOL_SETTING_LABELS = {
  school_name: 'School name',
  school_email: 'Contact address for enquiries',
  time_zone: 'Time zone',
  cancel_window_hours: 'Free cancellation window (hours)',
  waitlist_cutoff_hours: 'Waitlist cutoff (hours)',
  meeting_link_lead_minutes: 'Meeting link lead time (minutes)',
  club_sessions_per_week: 'Club classes a week with the Club pass',
  legal_name: 'Legal name (on invoices)',
  address: 'Address (on invoices)',
  vat_number: 'VAT number',
  vat_rate: 'VAT rate (%)',
  course_tabs: 'Home page course tabs',
  app_store_url: 'App Store address',
  play_store_url: 'Google Play address',
  referral_friend_credits: 'Referral: credits for the invited friend',
  referral_sponsor_credits: 'Referral: credits for the sponsor',
  referral_hold_days: 'Referral: days before the sponsor is rewarded',
  referral_monthly_cap: 'Referral: rewards per sponsor a month',
  level_rule: "Booking a class outside the learner's level",
  placement_retake_days: 'Days before the placement test can be taken again',
  level_suggestions_at_once: "A teacher's level suggestion applies at once",
  dunning_retry_days: 'Failed renewal: days after it on which the card is tried again',
  dunning_grace_days: 'Failed renewal: days bookings stay open',
  pause_allowed: 'Members may pause their membership',
  pause_max_months: 'Pause: billing months at most',
  pause_times_per_year: 'Pause: times a year',
  pause_extends_credits: "Pause: move the held credits' expiry on by the pause",
  rollover_enabled: 'Unused membership credits roll into the next period',
  rollover_cap_periods: "Rollover: periods' worth of credits at most",
  classroom_provider: 'Video rooms',
  jitsi_url: 'Jitsi server address',
  jitsi_app_id: 'Jitsi JWT app id',
  jitsi_app_secret: 'Jitsi JWT app secret',
  bbb_url: 'BigBlueButton address',
  bbb_secret: 'BigBlueButton shared secret',
  material_max_mb: 'Largest class material file (MB)',
} as const;

/** Write-only settings: a read says whether one is set, the history that it changed, never the value. */
export const SECRET_SCHOOL_SETTINGS = ['jitsi_app_secret', 'bbb_secret'] as const;
export type SchoolSettingKey = keyof typeof SCHOOL_SETTING_LABELS;
export const SCHOOL_SETTING_KEYS = Object.keys(SCHOOL_SETTING_LABELS) as SchoolSettingKey[];

/** A history row's setting as the screen names it; a name no longer in use as it was stored. */
export function schoolSettingLabel(setting: string): string {
  return Object.hasOwn(SCHOOL_SETTING_LABELS, setting)
    ? SCHOOL_SETTING_LABELS[setting as SchoolSettingKey]
    : setting;
}

const wholeNumber = (label: string, max: number) => {
  const message = `${label} must be a whole number from 0 to ${max}.`;
  return numberInput(message, z.number(message).int(message).min(0, message).max(max, message));
};

const rangedNumber = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  return numberInput(message, z.number(message).int(message).min(min, message).max(max, message));
};

/** The zone's canonical spelling (europe/london is Europe/London), so the history shows real changes. */
const canonicalTimeZone = (zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;

export const LEGAL_NAME_MAX_LENGTH = 200;
// The change history keeps each value in 254 characters.
export const ADDRESS_MAX_LENGTH = 250;
export const VAT_NUMBER_MAX_LENGTH = 40;

const text = (label: string, max: number) =>
  z.string().max(max, `${label} can be at most ${max} characters.`);
/** Optional text of several lines (an address), kept as typed; empty when not given (an older client's save). */
export const optionalText = (label: string, max: number) => multiLine(text(label, max)).default('');
/** Optional text of one line, trimmed. */
export const optionalLine = (label: string, max: number) => singleLine(text(label, max).trim()).default('');

const COURSE_TABS_MESSAGE = `Give from 1 to ${COURSE_TAB_COUNT} tab names, one a line, each at most ${COURSE_TAB_NAME_MAX} characters.`;

/** The home page's course tab names, one a line, kept as typed (blank lines are no tab). */
const courseTabsInput = multiLine(z.string().max(254, COURSE_TABS_MESSAGE)).refine((value) => {
  const names = courseTabNames(value);
  return (
    names.length >= 1 &&
    names.length <= COURSE_TAB_COUNT &&
    names.every((name) => name.length <= COURSE_TAB_NAME_MAX)
  );
}, COURSE_TABS_MESSAGE);

const SETTING_TEXT_MAX = 254;

/** A video server's address (http on a server of the school's own network too), kept without a final slash. */
const serverAddress = (label: string) =>
  z
    .union([
      z.literal(''),
      // The URL parser drops line breaks and tabs from what it is given, so they are refused first.
      singleLine(
        z.string().trim().max(SETTING_TEXT_MAX, `${label} must be at most ${SETTING_TEXT_MAX} characters.`),
      ).pipe(
        z.url({
          protocol: /^https?$/,
          error: `${label} must be a web address starting with https:// or http://.`,
        }),
      ),
    ])
    .transform((value) => value.replace(/\/+$/, ''));

/** A secret: left out or empty, the stored one stays (the screen never has it to send back). */
const secretInput = (label: string) =>
  singleLine(
    z.string().max(SETTING_TEXT_MAX, `${label} can be at most ${SETTING_TEXT_MAX} characters.`),
  ).optional();

const CLUB_SESSIONS_MESSAGE = `Club classes a week must be a whole number from 1 to ${CLUB_SESSIONS_PER_WEEK_MAX}.`;
const VAT_RATE_MESSAGE = 'The VAT rate must be a percentage from 0 to 100 with at most two decimals.';

export const schoolSettingsBodySchema = z.object({
  school_name: nameSchema,
  school_email: emailSchema,
  time_zone: timeZoneInput('Use an IANA time zone such as Europe/London or UTC.').transform(
    canonicalTimeZone,
  ),
  cancel_window_hours: wholeNumber('The cancellation window', CANCEL_WINDOW_HOURS_MAX),
  waitlist_cutoff_hours: wholeNumber('The waitlist cutoff', WAITLIST_CUTOFF_HOURS_MAX),
  meeting_link_lead_minutes: wholeNumber('The meeting link lead time', MEETING_LINK_LEAD_MINUTES_MAX),
  // Left out (a client from before the Club pass), it keeps its stored value.
  club_sessions_per_week: numberInput(
    CLUB_SESSIONS_MESSAGE,
    z
      .number(CLUB_SESSIONS_MESSAGE)
      .int(CLUB_SESSIONS_MESSAGE)
      .min(1, CLUB_SESSIONS_MESSAGE)
      .max(CLUB_SESSIONS_PER_WEEK_MAX, CLUB_SESSIONS_MESSAGE),
  ).optional(),
  // The seller on invoices. Prices stay VAT included (SPEC.md): the rate says how much of them is VAT.
  // Left out (a client from before invoices), each keeps its stored value: a save never clears them.
  legal_name: singleLine(text('The legal name', LEGAL_NAME_MAX_LENGTH).trim()).optional(),
  address: multiLine(text('The address', ADDRESS_MAX_LENGTH)).optional(),
  vat_number: singleLine(text('The VAT number', VAT_NUMBER_MAX_LENGTH).trim()).optional(),
  vat_rate: numberInput(
    VAT_RATE_MESSAGE,
    z
      .number(VAT_RATE_MESSAGE)
      .min(0, VAT_RATE_MESSAGE)
      .max(100, VAT_RATE_MESSAGE)
      .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, VAT_RATE_MESSAGE),
  ).optional(),
  // The home page; left out (a client from before them), each keeps its stored value.
  course_tabs: courseTabsInput.optional(),
  app_store_url: optionalHttpsUrl('The App Store address', 254),
  play_store_url: optionalHttpsUrl('The Google Play address', 254),
  // The referral programme; left out (a client from before it), each keeps its stored value.
  referral_friend_credits: wholeNumber("The friend's credits", REFERRAL_CREDITS_MAX).optional(),
  referral_sponsor_credits: wholeNumber("The sponsor's credits", REFERRAL_CREDITS_MAX).optional(),
  referral_hold_days: wholeNumber('The hold', REFERRAL_HOLD_DAYS_MAX).optional(),
  referral_monthly_cap: wholeNumber('The monthly cap', REFERRAL_MONTHLY_CAP_MAX).optional(),
  // The learning path; left out (a client from before it), each keeps its stored value.
  level_rule: levelRuleSchema.optional(),
  placement_retake_days: wholeNumber('The days before a retake', PLACEMENT_RETAKE_DAYS_MAX).optional(),
  level_suggestions_at_once: z.boolean().optional(),
  // Failed membership renewals; left out (a client from before them), each keeps its stored value.
  dunning_retry_days: dunningRetryDaysInput.optional(),
  dunning_grace_days: wholeNumber('The grace period', DUNNING_GRACE_DAYS_MAX).optional(),
  // Pausing a membership; left out (a client from before it), each keeps its stored value.
  pause_allowed: z.boolean().optional(),
  pause_max_months: rangedNumber('The longest pause', 1, PAUSE_MONTHS_MAX).optional(),
  pause_times_per_year: rangedNumber('The pauses a year', 1, PAUSE_TIMES_PER_YEAR_MAX).optional(),
  pause_extends_credits: z.boolean().optional(),
  // Rollover of membership credits; left out (a client from before it), each keeps its stored value.
  rollover_enabled: z.boolean().optional(),
  rollover_cap_periods: rangedNumber('The rollover cap', 1, ROLLOVER_CAP_PERIODS_MAX).optional(),
  // Video rooms (docs/classroom.md); left out (a client from before them), each keeps its stored value.
  classroom_provider: z.enum(CLASSROOM_PROVIDERS).optional(),
  jitsi_url: serverAddress('The Jitsi server address').optional(),
  jitsi_app_id: singleLine(text('The Jitsi app id', SETTING_TEXT_MAX).trim()).optional(),
  jitsi_app_secret: secretInput('The Jitsi app secret'),
  bbb_url: serverAddress('The BigBlueButton address').optional(),
  bbb_secret: secretInput('The BigBlueButton shared secret'),
  // Class materials; left out (a client from before them), it keeps its stored value.
  material_max_mb: rangedNumber('The largest material file', 1, MATERIAL_MAX_MB_MAX).optional(),
});
export type SchoolSettingsBody = z.input<typeof schoolSettingsBodySchema>;
export type SchoolSettingsValues = z.output<typeof schoolSettingsBodySchema>;

export const schoolSettingsSchema = z.object({
  school_name: z.string(),
  school_email: z.string(),
  time_zone: z.string(),
  cancel_window_hours: z.number().int(),
  waitlist_cutoff_hours: z.number().int(),
  meeting_link_lead_minutes: z.number().int(),
  club_sessions_per_week: z.number().int(),
  legal_name: z.string(),
  address: z.string(),
  vat_number: z.string(),
  /** Percent, at most two decimals (20 or 7.5). */
  vat_rate: z.number(),
  /** One tab name a line. */
  course_tabs: z.string(),
  /** '' when the school has no app there. */
  app_store_url: z.string(),
  play_store_url: z.string(),
  referral_friend_credits: z.number().int(),
  referral_sponsor_credits: z.number().int(),
  referral_hold_days: z.number().int(),
  referral_monthly_cap: z.number().int(),
  /** Booking a class outside the learner's level: warn (the learner confirms), refuse, or off. */
  level_rule: levelRuleSchema,
  placement_retake_days: z.number().int(),
  /** A teacher's suggested level changes the learner's at once, instead of waiting for an administrator. */
  level_suggestions_at_once: z.boolean(),
  /** Ascending days after a failed renewal, comma-separated ('1,3,7'). */
  dunning_retry_days: z.string(),
  dunning_grace_days: z.number().int(),
  pause_allowed: z.boolean(),
  pause_max_months: z.number().int(),
  pause_times_per_year: z.number().int(),
  pause_extends_credits: z.boolean(),
  rollover_enabled: z.boolean(),
  /** At most this many periods' worth of the plan's credits carry over. */
  rollover_cap_periods: z.number().int(),
  classroom_provider: z.enum(CLASSROOM_PROVIDERS),
  jitsi_url: z.string(),
  /** '' without JWT authentication: the room's random name is what keeps outsiders out. */
  jitsi_app_id: z.string(),
  /** Whether a secret is stored; the secret itself is never sent. */
  jitsi_app_secret_set: z.boolean(),
  /** Up to /bigbluebutton, '' when none. */
  bbb_url: z.string(),
  bbb_secret_set: z.boolean(),
  /** Megabytes. */
  material_max_mb: z.number().int(),
  /** Null while the values are still the first ones, from the environment. */
  updated_at: z.string().nullable(),
});
export type SchoolSettings = z.infer<typeof schoolSettingsSchema>;
export const schoolSettingsResponseSchema = envelope(schoolSettingsSchema);
export const schoolSettingsSaveResponseSchema = envelope(schoolSettingsSchema).extend({
  message: z.string(),
});
export const SCHOOL_SETTINGS_SAVED_MESSAGE = 'School settings saved.';

/** What every visitor may know: what the learner's pages show and explain. */
export const publicSchoolSettingsSchema = schoolSettingsSchema.pick({
  school_name: true,
  school_email: true,
  time_zone: true,
  cancel_window_hours: true,
  meeting_link_lead_minutes: true,
  level_rule: true,
});
export type PublicSchoolSettings = z.infer<typeof publicSchoolSettingsSchema>;
export const publicSchoolSettingsResponseSchema = envelope(publicSchoolSettingsSchema);

/** One setting changed by one save: who, when, and the value before and after, as text. */
export const schoolSettingChangeSchema = z.object({
  id: z.number().int(),
  /** A key of SCHOOL_SETTING_LABELS. */
  setting: z.string(),
  old_value: z.string(),
  new_value: z.string(),
  changed_by: z.object({ id: z.number().int(), name: z.string() }),
  changed_at: z.string(),
});
export type SchoolSettingChange = z.infer<typeof schoolSettingChangeSchema>;
export const schoolSettingChangesResponseSchema = envelope(paginated(schoolSettingChangeSchema));
