import {
  CLASSROOM_PROVIDER_LABELS,
  CLASSROOM_PROVIDERS,
  type ClassroomProvider,
} from '@tokenly/contract/classroom';
import {
  ADDRESS_MAX_LENGTH,
  CANCEL_WINDOW_HOURS_MAX,
  CLUB_SESSIONS_PER_WEEK_MAX,
  DUNNING_GRACE_DAYS_MAX,
  LEGAL_NAME_MAX_LENGTH,
  MATERIAL_MAX_MB_MAX,
  MEETING_LINK_LEAD_MINUTES_MAX,
  PAUSE_MONTHS_MAX,
  PAUSE_TIMES_PER_YEAR_MAX,
  PLACEMENT_RETAKE_DAYS_MAX,
  REFERRAL_CREDITS_MAX,
  REFERRAL_HOLD_DAYS_MAX,
  REFERRAL_MONTHLY_CAP_MAX,
  ROLLOVER_CAP_PERIODS_MAX,
  type SchoolSettingKey,
  type SchoolSettings,
  VAT_NUMBER_MAX_LENGTH,
  WAITLIST_CUTOFF_HOURS_MAX,
} from '@tokenly/contract/school-settings';
import { COURSE_TAB_COUNT } from '@tokenly/contract/site';
import { timeZoneOptions } from '../../../lib/format';

// The school settings form as a list: each field says what kind of input it is and what it explains;
// its label is the contract's (SCHOOL_SETTING_LABELS), as the change history names it.

type Explained = { name: SchoolSettingKey; description?: string };

export type SettingField = Explained &
  (
    | { kind: 'count'; max: number; min?: number }
    | { kind: 'percent' }
    | { kind: 'check' }
    | { kind: 'choice'; options: { value: string; label: string }[] | string[] }
    | { kind: 'lines'; minRows: number; maxLength?: number }
    | {
        kind: 'text';
        type?: 'email' | 'url' | 'password';
        autoComplete: string;
        required?: boolean;
        maxLength?: number;
        placeholder?: string;
      }
  );

export type SettingSection = {
  title?: string;
  /** Shown only while this provider makes the video rooms. */
  provider?: ClassroomProvider;
  /** A cell of the section's grid each; a list of fields shares one cell, one under the other. */
  fields: (SettingField | SettingField[])[];
};

const address = (name: SchoolSettingKey, description: string, placeholder: string): SettingField => ({
  kind: 'text',
  name,
  description,
  type: 'url',
  placeholder,
  autoComplete: 'off',
});

/** A secret is never read back: its field says whether one is stored, and empty keeps it. */
const secret = (name: SchoolSettingKey, stored: boolean): SettingField => ({
  kind: 'text',
  name,
  description: stored ? 'A secret is stored; leave this empty to keep it.' : 'None stored yet.',
  type: 'password',
  autoComplete: 'new-password',
});

/** The form's sections, in order, for the settings as last saved. */
export function schoolSettingSections(saved: SchoolSettings): SettingSection[] {
  return [
    {
      fields: [
        { kind: 'text', name: 'school_name', required: true, autoComplete: 'organization' },
        {
          kind: 'text',
          name: 'school_email',
          type: 'email',
          required: true,
          autoComplete: 'off',
          description: "The contact form's enquiries go here; it is also the organizer of class invitations.",
        },
        {
          kind: 'choice',
          name: 'time_zone',
          description:
            "The school's days: the calendar, filters and figures, and mail to learners with no zone of their own.",
          options: timeZoneOptions(saved.time_zone),
        },
        {
          kind: 'count',
          name: 'cancel_window_hours',
          description: 'Learners can cancel for free until this long before a class.',
          max: CANCEL_WINDOW_HOURS_MAX,
        },
        {
          kind: 'count',
          name: 'waitlist_cutoff_hours',
          description: 'No one is moved up from a waitlist later than this before a class.',
          max: WAITLIST_CUTOFF_HOURS_MAX,
        },
        {
          kind: 'count',
          name: 'meeting_link_lead_minutes',
          description: 'The join link shows, and is mailed, this long before the start.',
          max: MEETING_LINK_LEAD_MINUTES_MAX,
        },
        {
          kind: 'count',
          name: 'club_sessions_per_week',
          description: 'Club classes a learner may book with the Club pass in one week (Monday to Sunday).',
          max: CLUB_SESSIONS_PER_WEEK_MAX,
          min: 1,
        },
      ],
    },
    {
      title: 'Referrals',
      fields: [
        {
          kind: 'count',
          name: 'referral_friend_credits',
          description: "A bonus lot with the invited friend's first paid purchase, expiring with it.",
          max: REFERRAL_CREDITS_MAX,
        },
        {
          kind: 'count',
          name: 'referral_sponsor_credits',
          description: "Granted once the friend's purchase has stood for the hold and they attended a class.",
          max: REFERRAL_CREDITS_MAX,
        },
        {
          kind: 'count',
          name: 'referral_hold_days',
          description:
            'A refund or dispute before then withdraws the referral; after it, the reward is clawed back.',
          max: REFERRAL_HOLD_DAYS_MAX,
        },
        {
          kind: 'count',
          name: 'referral_monthly_cap',
          description: 'Rewards past it wait for the next month.',
          max: REFERRAL_MONTHLY_CAP_MAX,
        },
      ],
    },
    {
      title: 'Levels',
      fields: [
        {
          kind: 'choice',
          name: 'level_rule',
          description: 'Administrators can always book a learner into any class.',
          options: [
            { value: 'warn', label: 'Warn: the learner confirms' },
            { value: 'refuse', label: 'Refuse' },
            { value: 'off', label: 'Off: levels are not checked' },
          ],
        },
        {
          kind: 'count',
          name: 'placement_retake_days',
          description: 'A learner can take the placement test again this many days after their last result.',
          max: PLACEMENT_RETAKE_DAYS_MAX,
        },
        {
          kind: 'check',
          name: 'level_suggestions_at_once',
          description:
            'Otherwise each suggestion waits on the dashboard for an administrator to accept or decline.',
        },
      ],
    },
    {
      title: 'Video rooms',
      fields: [
        {
          kind: 'choice',
          name: 'classroom_provider',
          description:
            "Who makes each class's room. A change ends the rooms of classes still to come and makes new ones within a minute; links typed into a class stay.",
          options: CLASSROOM_PROVIDERS.map((value) => ({ value, label: CLASSROOM_PROVIDER_LABELS[value] })),
        },
      ],
    },
    {
      provider: 'jitsi',
      fields: [
        address(
          'jitsi_url',
          "meet.jit.si needs no account; a Jitsi server of the school's own works the same.",
          'https://meet.jit.si',
        ),
        {
          kind: 'text',
          name: 'jitsi_app_id',
          description:
            'For a Jitsi server with JWT authentication only: every link then carries a signed token. Empty for none.',
          autoComplete: 'off',
        },
        secret('jitsi_app_secret', saved.jitsi_app_secret_set),
      ],
    },
    {
      provider: 'bbb',
      fields: [
        address(
          'bbb_url',
          'Up to /bigbluebutton, as `bbb-conf --secret` prints it.',
          'https://bbb.example.com/bigbluebutton',
        ),
        secret('bbb_secret', saved.bbb_secret_set),
      ],
    },
    {
      title: 'Failed membership renewals',
      fields: [
        {
          kind: 'text',
          name: 'dunning_retry_days',
          description:
            'Rising days, separated by commas (1, 3, 7); the membership ends when the last try fails. With Stripe, set the same schedule in its retry settings.',
          required: true,
          autoComplete: 'off',
        },
        {
          kind: 'count',
          name: 'dunning_grace_days',
          description: 'After this many days unpaid, bookings with credits are refused until the card pays.',
          max: DUNNING_GRACE_DAYS_MAX,
        },
      ],
    },
    {
      title: 'Pausing a membership',
      fields: [
        { kind: 'check', name: 'pause_allowed' },
        { kind: 'check', name: 'pause_extends_credits' },
        {
          kind: 'count',
          name: 'pause_max_months',
          description:
            'From 1 to 3; a pause starts at the next renewal, and nothing is charged while it lasts.',
          max: PAUSE_MONTHS_MAX,
          min: 1,
        },
        {
          kind: 'count',
          name: 'pause_times_per_year',
          description:
            'Counted over the last 365 days. Administrators can pause for a learner past these limits.',
          max: PAUSE_TIMES_PER_YEAR_MAX,
          min: 1,
        },
      ],
    },
    {
      title: 'Rollover of membership credits',
      fields: [
        { kind: 'check', name: 'rollover_enabled' },
        {
          kind: 'count',
          name: 'rollover_cap_periods',
          description: `From 1 to ${ROLLOVER_CAP_PERIODS_MAX}: at a renewal, at most this many periods' worth of the plan's credits last one period longer; the rest expire as before.`,
          max: ROLLOVER_CAP_PERIODS_MAX,
          min: 1,
        },
      ],
    },
    {
      title: 'Class materials',
      fields: [
        {
          kind: 'count',
          name: 'material_max_mb',
          description: `From 1 to ${MATERIAL_MAX_MB_MAX}: a larger file is refused when a teacher uploads it.`,
          max: MATERIAL_MAX_MB_MAX,
          min: 1,
        },
      ],
    },
    {
      title: 'On invoices',
      fields: [
        {
          kind: 'text',
          name: 'legal_name',
          description: 'The seller on every invoice; empty, the school name is used.',
          maxLength: LEGAL_NAME_MAX_LENGTH,
          autoComplete: 'off',
        },
        { kind: 'text', name: 'vat_number', maxLength: VAT_NUMBER_MAX_LENGTH, autoComplete: 'off' },
        { kind: 'lines', name: 'address', maxLength: ADDRESS_MAX_LENGTH, minRows: 3 },
        {
          kind: 'percent',
          name: 'vat_rate',
          description: 'Prices include VAT; invoices show the part of them this rate stands for. 0 for none.',
        },
      ],
    },
    {
      title: 'On the home page',
      fields: [
        {
          kind: 'lines',
          name: 'course_tabs',
          description: `One name a line, at most ${COURSE_TAB_COUNT}. A class type shows under the tab whose line number it is given; a tab with no active type is not shown.`,
          minRows: COURSE_TAB_COUNT,
        },
        // Beside the tall list of tabs.
        [
          address('app_store_url', 'The footer shows an App Store badge only with an address.', 'https://'),
          address('play_store_url', 'The footer shows a Google Play badge only with an address.', 'https://'),
        ],
      ],
    },
  ];
}
