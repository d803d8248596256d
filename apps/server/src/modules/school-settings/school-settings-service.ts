import { requestContext } from '@fastify/request-context';
import { CLUB_SESSIONS_PER_WEEK_DEFAULT } from '@tokenly/contract/club-pass';
import type { Paginated } from '@tokenly/contract/common';
import { PLACEMENT_RETAKE_DAYS_DEFAULT } from '@tokenly/contract/placement';
import { REFERRAL_DEFAULTS } from '@tokenly/contract/referrals';
import {
  DUNNING_GRACE_DAYS_DEFAULT,
  DUNNING_RETRY_DAYS_DEFAULT,
  MATERIAL_MAX_MB_DEFAULT,
  PAUSE_DEFAULTS,
  type PublicSchoolSettings,
  ROLLOVER_DEFAULTS,
  SCHOOL_SETTING_KEYS,
  type SchoolSettingChange,
  type SchoolSettingKey,
  type SchoolSettings,
  type SchoolSettingsValues,
  SECRET_SCHOOL_SETTINGS,
} from '@tokenly/contract/school-settings';
import { DEFAULT_COURSE_TABS } from '@tokenly/contract/site';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import type { SchoolSettingsRow } from '../../db/schema/school-settings';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { pageOffset, toPage } from '../../lib/pagination';
import { SCHOOL_NAME } from '../mail/templates/mail-layout';
import {
  countSettingChanges,
  findSchoolSettings,
  insertSchoolSettingsIfMissing,
  insertSettingChanges,
  listSettingChanges,
  lockSchoolSettings,
  type StoredSchoolSettings,
  updateSchoolSettings,
} from './school-settings-repository';

/** The school's settings as the services use them. */
export type CurrentSchoolSettings = StoredSchoolSettings;

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** The settings as the request's session lookup read them. */
    school: CurrentSchoolSettings;
  }
}

/**
 * The settings the request's session lookup read with the session: every use in the rest of
 * the request takes them rather than reading the row again, so a signed-in request reads them once, at
 * its start, as one of its statements would have. Outside a request (jobs) nothing is kept.
 */
export function useSettingsForThisRequest(row: SchoolSettingsRow | null): void {
  if (row) requestContext.set('school', stored(row));
}

/**
 * The one source of the school settings. Never cached across requests: a save on any process
 * is in effect for the next request everywhere. Within a request they are read at most once: with the
 * session, or at first use, by a caller inside a transaction through it (docs/decisions/015).
 */
export type SchoolSettingsSource = { current: (tx?: Database) => Promise<CurrentSchoolSettings> };

const FIELDS = {
  school_name: 'schoolName',
  school_email: 'schoolEmail',
  time_zone: 'timeZone',
  cancel_window_hours: 'cancelWindowHours',
  waitlist_cutoff_hours: 'waitlistCutoffHours',
  meeting_link_lead_minutes: 'meetingLinkLeadMinutes',
  club_sessions_per_week: 'clubSessionsPerWeek',
  legal_name: 'legalName',
  address: 'address',
  vat_number: 'vatNumber',
  vat_rate: 'vatRateBasisPoints',
  course_tabs: 'courseTabs',
  app_store_url: 'appStoreUrl',
  play_store_url: 'playStoreUrl',
  referral_friend_credits: 'referralFriendCredits',
  referral_sponsor_credits: 'referralSponsorCredits',
  referral_hold_days: 'referralHoldDays',
  referral_monthly_cap: 'referralMonthlyCap',
  level_rule: 'levelRule',
  placement_retake_days: 'placementRetakeDays',
  level_suggestions_at_once: 'levelSuggestionsAtOnce',
  dunning_retry_days: 'dunningRetryDays',
  dunning_grace_days: 'dunningGraceDays',
  pause_allowed: 'pauseAllowed',
  pause_max_months: 'pauseMaxMonths',
  pause_times_per_year: 'pauseTimesPerYear',
  pause_extends_credits: 'pauseExtendsCredits',
  rollover_enabled: 'rolloverEnabled',
  rollover_cap_periods: 'rolloverCapPeriods',
  classroom_provider: 'classroomProvider',
  jitsi_url: 'jitsiUrl',
  jitsi_app_id: 'jitsiAppId',
  jitsi_app_secret: 'jitsiAppSecret',
  bbb_url: 'bbbUrl',
  bbb_secret: 'bbbSecret',
  material_max_mb: 'materialMaxMb',
} as const satisfies Record<SchoolSettingKey, keyof CurrentSchoolSettings>;

/** What the environment gives a new database (DESIGN.md section 3); the name has no variable. */
export function firstSchoolSettings(config: AppConfig): CurrentSchoolSettings {
  return {
    schoolName: SCHOOL_NAME,
    schoolEmail: config.schoolEmail,
    timeZone: config.timezone,
    cancelWindowHours: config.cancelWindowHours,
    waitlistCutoffHours: config.waitlistCutoffHours,
    meetingLinkLeadMinutes: config.meetingLinkLeadMinutes,
    clubSessionsPerWeek: CLUB_SESSIONS_PER_WEEK_DEFAULT,
    // An administrator fills in the seller's details for invoices; until then they show the school's name.
    legalName: '',
    address: '',
    vatNumber: '',
    vatRateBasisPoints: 0,
    // The home page's tabs start as SPEC.md's; a school without apps shows no store badges.
    courseTabs: DEFAULT_COURSE_TABS,
    appStoreUrl: '',
    playStoreUrl: '',
    referralFriendCredits: REFERRAL_DEFAULTS.friendCredits,
    referralSponsorCredits: REFERRAL_DEFAULTS.sponsorCredits,
    referralHoldDays: REFERRAL_DEFAULTS.holdDays,
    referralMonthlyCap: REFERRAL_DEFAULTS.monthlyCap,
    levelRule: 'warn',
    placementRetakeDays: PLACEMENT_RETAKE_DAYS_DEFAULT,
    levelSuggestionsAtOnce: false,
    dunningRetryDays: DUNNING_RETRY_DAYS_DEFAULT,
    dunningGraceDays: DUNNING_GRACE_DAYS_DEFAULT,
    pauseAllowed: PAUSE_DEFAULTS.allowed,
    pauseMaxMonths: PAUSE_DEFAULTS.maxMonths,
    pauseTimesPerYear: PAUSE_DEFAULTS.timesPerYear,
    pauseExtendsCredits: PAUSE_DEFAULTS.extendsCredits,
    rolloverEnabled: ROLLOVER_DEFAULTS.enabled,
    rolloverCapPeriods: ROLLOVER_DEFAULTS.capPeriods,
    // CLASSROOM_PROVIDER and its variables choose the first video rooms; the school changes them in Settings.
    classroomProvider: config.classroom.provider,
    jitsiUrl: config.classroom.jitsi.url,
    jitsiAppId: config.classroom.jitsi.appId ?? '',
    jitsiAppSecret: config.classroom.jitsi.appSecret ?? '',
    bbbUrl: config.classroom.bbb?.url ?? '',
    bbbSecret: config.classroom.bbb?.secret ?? '',
    materialMaxMb: MATERIAL_MAX_MB_DEFAULT,
  };
}

/** The VAT rate as people write it (20, 7.5), from the hundredths of a percent it is stored in. */
export const vatRatePercent = (basisPoints: number) => basisPoints / 100;

/** A setting's value as the change history shows it. */
function shown(key: SchoolSettingKey, settings: CurrentSchoolSettings): string {
  if (key === 'vat_rate') return String(vatRatePercent(settings.vatRateBasisPoints));
  if (isSecret(key)) return settings[FIELDS[key]] === '' ? '' : SECRET_SHOWN;
  return String(settings[FIELDS[key]]);
}

const SECRET_SHOWN = '(a secret)';
const isSecret = (key: SchoolSettingKey): key is (typeof SECRET_SCHOOL_SETTINGS)[number] =>
  (SECRET_SCHOOL_SETTINGS as readonly string[]).includes(key);

function stored({ id: _id, updatedAt: _updatedAt, ...settings }: SchoolSettingsRow): CurrentSchoolSettings {
  return settings;
}

function toDto(settings: CurrentSchoolSettings, updatedAt: Date | null): SchoolSettings {
  return {
    school_name: settings.schoolName,
    school_email: settings.schoolEmail,
    time_zone: settings.timeZone,
    cancel_window_hours: settings.cancelWindowHours,
    waitlist_cutoff_hours: settings.waitlistCutoffHours,
    meeting_link_lead_minutes: settings.meetingLinkLeadMinutes,
    club_sessions_per_week: settings.clubSessionsPerWeek,
    legal_name: settings.legalName,
    address: settings.address,
    vat_number: settings.vatNumber,
    vat_rate: vatRatePercent(settings.vatRateBasisPoints),
    course_tabs: settings.courseTabs,
    app_store_url: settings.appStoreUrl,
    play_store_url: settings.playStoreUrl,
    referral_friend_credits: settings.referralFriendCredits,
    referral_sponsor_credits: settings.referralSponsorCredits,
    referral_hold_days: settings.referralHoldDays,
    referral_monthly_cap: settings.referralMonthlyCap,
    level_rule: settings.levelRule,
    placement_retake_days: settings.placementRetakeDays,
    level_suggestions_at_once: settings.levelSuggestionsAtOnce,
    dunning_retry_days: settings.dunningRetryDays,
    dunning_grace_days: settings.dunningGraceDays,
    pause_allowed: settings.pauseAllowed,
    pause_max_months: settings.pauseMaxMonths,
    pause_times_per_year: settings.pauseTimesPerYear,
    pause_extends_credits: settings.pauseExtendsCredits,
    rollover_enabled: settings.rolloverEnabled,
    rollover_cap_periods: settings.rolloverCapPeriods,
    classroom_provider: settings.classroomProvider,
    jitsi_url: settings.jitsiUrl,
    jitsi_app_id: settings.jitsiAppId,
    jitsi_app_secret_set: settings.jitsiAppSecret !== '',
    bbb_url: settings.bbbUrl,
    bbb_secret_set: settings.bbbSecret !== '',
    material_max_mb: settings.materialMaxMb,
    updated_at: updatedAt?.toISOString() ?? null,
  };
}

/** The values a save sends, and the stored ones of the invoice fields it leaves out. */
function fromBody(body: SchoolSettingsValues, before: CurrentSchoolSettings): CurrentSchoolSettings {
  return {
    schoolName: body.school_name,
    schoolEmail: body.school_email,
    timeZone: body.time_zone,
    cancelWindowHours: body.cancel_window_hours,
    waitlistCutoffHours: body.waitlist_cutoff_hours,
    meetingLinkLeadMinutes: body.meeting_link_lead_minutes,
    clubSessionsPerWeek: body.club_sessions_per_week ?? before.clubSessionsPerWeek,
    legalName: body.legal_name ?? before.legalName,
    address: body.address ?? before.address,
    vatNumber: body.vat_number ?? before.vatNumber,
    vatRateBasisPoints:
      body.vat_rate === undefined ? before.vatRateBasisPoints : Math.round(body.vat_rate * 100),
    courseTabs: body.course_tabs ?? before.courseTabs,
    appStoreUrl: body.app_store_url === undefined ? before.appStoreUrl : (body.app_store_url ?? ''),
    playStoreUrl: body.play_store_url === undefined ? before.playStoreUrl : (body.play_store_url ?? ''),
    referralFriendCredits: body.referral_friend_credits ?? before.referralFriendCredits,
    referralSponsorCredits: body.referral_sponsor_credits ?? before.referralSponsorCredits,
    referralHoldDays: body.referral_hold_days ?? before.referralHoldDays,
    referralMonthlyCap: body.referral_monthly_cap ?? before.referralMonthlyCap,
    levelRule: body.level_rule ?? before.levelRule,
    placementRetakeDays: body.placement_retake_days ?? before.placementRetakeDays,
    levelSuggestionsAtOnce: body.level_suggestions_at_once ?? before.levelSuggestionsAtOnce,
    dunningRetryDays: body.dunning_retry_days ?? before.dunningRetryDays,
    dunningGraceDays: body.dunning_grace_days ?? before.dunningGraceDays,
    pauseAllowed: body.pause_allowed ?? before.pauseAllowed,
    pauseMaxMonths: body.pause_max_months ?? before.pauseMaxMonths,
    pauseTimesPerYear: body.pause_times_per_year ?? before.pauseTimesPerYear,
    pauseExtendsCredits: body.pause_extends_credits ?? before.pauseExtendsCredits,
    rolloverEnabled: body.rollover_enabled ?? before.rolloverEnabled,
    rolloverCapPeriods: body.rollover_cap_periods ?? before.rolloverCapPeriods,
    classroomProvider: body.classroom_provider ?? before.classroomProvider,
    jitsiUrl: body.jitsi_url || before.jitsiUrl,
    jitsiAppId: body.jitsi_app_id ?? before.jitsiAppId,
    jitsiAppSecret: body.jitsi_app_secret || before.jitsiAppSecret,
    bbbUrl: body.bbb_url ?? before.bbbUrl,
    bbbSecret: body.bbb_secret || before.bbbSecret,
    materialMaxMb: body.material_max_mb ?? before.materialMaxMb,
  };
}

/** A provider is chosen only with what it needs: a token signer needs its secret, BigBlueButton both. */
function checkClassroom(next: CurrentSchoolSettings): void {
  const errors: Record<string, string[]> = {};
  if (next.jitsiAppId !== '' && next.jitsiAppSecret === '') {
    errors.jitsi_app_secret = ['Give the app secret that goes with the Jitsi app id.'];
  }
  if (next.classroomProvider === 'bbb') {
    if (next.bbbUrl === '') errors.bbb_url = ['Give the BigBlueButton address to use BigBlueButton.'];
    if (next.bbbSecret === '') errors.bbb_secret = ['Give the shared secret to use BigBlueButton.'];
  }
  const [first] = Object.values(errors);
  if (first?.[0]) throw new AppError('VALIDATION', first[0], errors);
}

export function createSchoolSettingsService(
  db: Database,
  { first, clock }: { first: CurrentSchoolSettings; clock: Clock },
) {
  /** The stored row, or the environment's values on a database no server process has started on yet. */
  async function read(tx: Database) {
    const row = await findSchoolSettings(tx);
    return row ? { settings: stored(row), updatedAt: row.updatedAt } : { settings: first, updatedAt: null };
  }

  return {
    async current(tx: Database = db): Promise<CurrentSchoolSettings> {
      const known = requestContext.get('school');
      if (known) return known;
      const { settings } = await read(tx);
      requestContext.set('school', settings);
      return settings;
    },

    async get(): Promise<SchoolSettings> {
      const { settings, updatedAt } = await read(db);
      return toDto(settings, updatedAt);
    },

    async publicView(): Promise<PublicSchoolSettings> {
      const {
        school_name,
        school_email,
        time_zone,
        cancel_window_hours,
        meeting_link_lead_minutes,
        level_rule,
      } = toDto((await read(db)).settings, null);
      return {
        school_name,
        school_email,
        time_zone,
        cancel_window_hours,
        meeting_link_lead_minutes,
        level_rule,
      };
    },

    /** Every value is sent; only those that differ are written to the history, one row each. */
    async save(adminId: number, body: SchoolSettingsValues): Promise<SchoolSettings> {
      return db.transaction(async (tx) => {
        await insertSchoolSettingsIfMissing(tx, first);
        const before = await lockSchoolSettings(tx);
        if (!before) throw new Error('the school settings row is missing right after it was written');
        const next = fromBody(body, stored(before));
        checkClassroom(next);
        const changed = SCHOOL_SETTING_KEYS.filter((key) => before[FIELDS[key]] !== next[FIELDS[key]]);
        if (changed.length === 0) return toDto(stored(before), before.updatedAt);
        const now = nowOf(clock);
        const after = await updateSchoolSettings(tx, { ...next, updatedAt: now });
        await insertSettingChanges(
          tx,
          changed.map((key) => ({
            changedBy: adminId,
            changedAt: now,
            setting: key,
            oldValue: shown(key, stored(before)),
            newValue: shown(key, next),
          })),
        );
        return toDto(after ? stored(after) : next, now);
      });
    },

    async history(page: number): Promise<Paginated<SchoolSettingChange>> {
      const [rows, total] = await Promise.all([
        listSettingChanges(db, pageOffset(page)),
        countSettingChanges(db),
      ]);
      return toPage(
        rows.map(({ change, adminName }) => ({
          id: change.id,
          setting: change.setting,
          old_value: change.oldValue,
          new_value: change.newValue,
          changed_by: { id: change.changedBy, name: adminName },
          changed_at: change.changedAt.toISOString(),
        })),
        total,
        page,
      );
    },
  };
}

export type SchoolSettingsService = ReturnType<typeof createSchoolSettingsService>;

/**
 * At every start, before anything reads them (server.ts, and the bench's server process): the
 * environment's values become the school settings of a new database, once, never overwritten.
 */
export function storeFirstSchoolSettings(db: Database, config: AppConfig): Promise<void> {
  return insertSchoolSettingsIfMissing(db, firstSchoolSettings(config));
}
