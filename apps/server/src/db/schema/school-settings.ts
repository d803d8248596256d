import { CLASSROOM_PROVIDERS } from '@tokenly/contract/classroom';
import { LEVEL_RULES } from '@tokenly/contract/levels';
import { DEFAULT_COURSE_TABS } from '@tokenly/contract/site';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The school's settings, one row (id 1). Missing until the first start of a server
 * process writes the environment's values; from then on only the admin Settings screen changes it.
 */
export const schoolSettings = pgTable(
  'school_settings',
  {
    id: smallint('id').primaryKey().default(1),
    schoolName: varchar('school_name', { length: 100 }).notNull(),
    schoolEmail: varchar('school_email', { length: 254 }).notNull(),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    cancelWindowHours: integer('cancel_window_hours').notNull(),
    waitlistCutoffHours: integer('waitlist_cutoff_hours').notNull(),
    meetingLinkLeadMinutes: integer('meeting_link_lead_minutes').notNull(),
    // The seller on every invoice: empty until an administrator fills them in.
    legalName: varchar('legal_name', { length: 200 }).notNull().default(''),
    address: varchar('address', { length: 250 }).notNull().default(''),
    vatNumber: varchar('vat_number', { length: 40 }).notNull().default(''),
    // Hundredths of a percent (2000 is 20 %): prices include it, invoices show the part of them it is.
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull().default(0),
    // The home page: the course tabs' names, one a line (a class type's site_tab is a line's number),
    // and the app-store addresses whose badges the footer shows (none while empty).
    courseTabs: varchar('course_tabs', { length: 254 }).notNull().default(DEFAULT_COURSE_TABS),
    appStoreUrl: varchar('app_store_url', { length: 254 }).notNull().default(''),
    playStoreUrl: varchar('play_store_url', { length: 254 }).notNull().default(''),
    // Club sessions a learner may book with the pass in one week (SPEC.md section 9: 2-3 a week).
    clubSessionsPerWeek: integer('club_sessions_per_week').notNull().default(3),
    // The referral programme: credits for the invited friend and for the sponsor, the days the friend's
    // first paid purchase must stand before the sponsor is rewarded, and the sponsor's rewards a month.
    referralFriendCredits: integer('referral_friend_credits').notNull().default(2),
    referralSponsorCredits: integer('referral_sponsor_credits').notNull().default(2),
    referralHoldDays: integer('referral_hold_days').notNull().default(14),
    referralMonthlyCap: integer('referral_monthly_cap').notNull().default(10),
    // The learning path: what booking a class outside the learner's level does (warn, refuse or off), and
    // the days before a learner may take the placement test again.
    levelRule: text('level_rule', { enum: LEVEL_RULES }).notNull().default('warn'),
    placementRetakeDays: integer('placement_retake_days').notNull().default(30),
    // Whether a teacher's suggested level applies at once, or waits for an administrator's decision.
    levelSuggestionsAtOnce: boolean('level_suggestions_at_once').notNull().default(false),
    // Failed membership renewals: the days after the failure on which the card is tried again (ascending,
    // comma-separated; the membership ends when the last fails), and the days bookings stay open meanwhile.
    dunningRetryDays: varchar('dunning_retry_days', { length: 40 }).notNull().default('1,3,7'),
    dunningGraceDays: integer('dunning_grace_days').notNull().default(3),
    // Pausing a membership: whether learners may, for how many billing months at most, how many times in a
    // year, and whether the credits they hold keep their expiry moved on by the pause.
    pauseAllowed: boolean('pause_allowed').notNull().default(true),
    pauseMaxMonths: integer('pause_max_months').notNull().default(3),
    pauseTimesPerYear: integer('pause_times_per_year').notNull().default(1),
    pauseExtendsCredits: boolean('pause_extends_credits').notNull().default(true),
    // Rollover: at a renewal, a membership's unused credits move into the next period (their expiry a
    // period later), up to this many periods' worth of the plan's credits.
    rolloverEnabled: boolean('rollover_enabled').notNull().default(false),
    rolloverCapPeriods: integer('rollover_cap_periods').notNull().default(1),
    // Who makes each class's video room (docs/classroom.md), and that provider's server. The secrets are
    // write-only: the settings screen says whether one is set, never what it is.
    classroomProvider: text('classroom_provider', { enum: CLASSROOM_PROVIDERS }).notNull().default('jitsi'),
    jitsiUrl: varchar('jitsi_url', { length: 254 }).notNull().default('https://meet.jit.si'),
    jitsiAppId: varchar('jitsi_app_id', { length: 254 }).notNull().default(''),
    jitsiAppSecret: varchar('jitsi_app_secret', { length: 254 }).notNull().default(''),
    bbbUrl: varchar('bbb_url', { length: 254 }).notNull().default(''),
    bbbSecret: varchar('bbb_secret', { length: 254 }).notNull().default(''),
    // The largest class material file an upload may be, in megabytes.
    materialMaxMb: integer('material_max_mb').notNull().default(20),
    // Null while the row holds the environment's first values.
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    check('school_settings_single_row', sql`${t.id} = 1`),
    // The contract's ranges again, so no writer, however it got here, leaves a value the app cannot use.
    check('school_settings_cancel_window_hours_range', sql`${t.cancelWindowHours} BETWEEN 0 AND 720`),
    check('school_settings_waitlist_cutoff_hours_range', sql`${t.waitlistCutoffHours} BETWEEN 0 AND 720`),
    check('school_settings_club_sessions_per_week_range', sql`${t.clubSessionsPerWeek} BETWEEN 1 AND 14`),
    check('school_settings_referral_friend_credits_range', sql`${t.referralFriendCredits} BETWEEN 0 AND 100`),
    check(
      'school_settings_referral_sponsor_credits_range',
      sql`${t.referralSponsorCredits} BETWEEN 0 AND 100`,
    ),
    check('school_settings_referral_hold_days_range', sql`${t.referralHoldDays} BETWEEN 0 AND 365`),
    check('school_settings_referral_monthly_cap_range', sql`${t.referralMonthlyCap} BETWEEN 0 AND 1000`),
    check('school_settings_level_rule_check', sql`${t.levelRule} in ('warn', 'refuse', 'off')`),
    check('school_settings_placement_retake_days_range', sql`${t.placementRetakeDays} BETWEEN 0 AND 365`),
    check('school_settings_dunning_grace_days_range', sql`${t.dunningGraceDays} BETWEEN 0 AND 60`),
    check('school_settings_pause_max_months_range', sql`${t.pauseMaxMonths} BETWEEN 1 AND 3`),
    check('school_settings_pause_times_per_year_range', sql`${t.pauseTimesPerYear} BETWEEN 1 AND 12`),
    check('school_settings_rollover_cap_periods_range', sql`${t.rolloverCapPeriods} BETWEEN 1 AND 6`),
    check('school_settings_material_max_mb_range', sql`${t.materialMaxMb} BETWEEN 1 AND 200`),
    check('school_settings_vat_rate_range', sql`${t.vatRateBasisPoints} BETWEEN 0 AND 10000`),
    check(
      'school_settings_classroom_provider_check',
      sql`${t.classroomProvider} in ('jitsi', 'bbb', 'manual')`,
    ),
    check(
      'school_settings_bbb_configured_check',
      sql`${t.classroomProvider} <> 'bbb' OR (${t.bbbUrl} <> '' AND ${t.bbbSecret} <> '')`,
    ),
    check(
      'school_settings_meeting_link_lead_minutes_range',
      sql`${t.meetingLinkLeadMinutes} BETWEEN 0 AND 1440`,
    ),
  ],
);

export type SchoolSettingsRow = typeof schoolSettings.$inferSelect;

/** Append-only: one row per setting a save changed. */
export const schoolSettingChanges = pgTable(
  'school_setting_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    // The contract's name of the setting, e.g. cancel_window_hours.
    setting: varchar('setting', { length: 40 }).notNull(),
    oldValue: varchar('old_value', { length: 254 }).notNull(),
    newValue: varchar('new_value', { length: 254 }).notNull(),
  },
  (t) => [index('school_setting_changes_changed_at_idx').on(t.changedAt, t.id)],
);

export type SchoolSettingChangeRow = typeof schoolSettingChanges.$inferSelect;
