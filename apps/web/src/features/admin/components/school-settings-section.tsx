import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CLASSROOM_PROVIDER_LABELS, CLASSROOM_PROVIDERS } from '@tokenly/contract/classroom';
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
  SCHOOL_SETTING_KEYS,
  SCHOOL_SETTING_LABELS,
  type SchoolSettingChange,
  type SchoolSettings,
  type SchoolSettingsBody,
  type SchoolSettingsValues,
  schoolSettingLabel,
  schoolSettingsBodySchema,
  VAT_NUMBER_MAX_LENGTH,
  WAITLIST_CUTOFF_HOURS_MAX,
} from '@tokenly/contract/school-settings';
import { COURSE_TAB_COUNT } from '@tokenly/contract/site';
import { useForm } from 'react-hook-form';
import { FormCheckbox } from '../../../components/form/checkbox';
import { FormNativeSelect } from '../../../components/form/native-select';
import { reportSaveError } from '../../../components/form/report-save-error';
import { FormTextInput } from '../../../components/form/text-input';
import { FormTextarea } from '../../../components/form/textarea';
import type { Column } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { formatDateTime, timeZoneOptions } from '../../../lib/format';
import { useSaveSchoolSettings, useSchoolSettings, useSchoolSettingsHistory } from '../api/school-settings';
import { PagedTable } from './paged-table';

const HISTORY_COLUMNS: Column<SchoolSettingChange>[] = [
  { header: 'When', cell: (row) => formatDateTime(row.changed_at) },
  { header: 'Who', cell: (row) => <Text fw={600}>{row.changed_by.name}</Text> },
  { header: 'Setting', cell: (row) => schoolSettingLabel(row.setting) },
  { header: 'Change', cell: (row) => `${row.old_value} → ${row.new_value}` },
];

/** The school's settings and the history of their changes, on the admin Settings page. */
export function SchoolSettingsSection() {
  const settings = useSchoolSettings();
  // Here, not in the form: a save gives a new updated_at, which remounts the form with the saved values.
  const save = useSaveSchoolSettings();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={2} fz="lg">
            School
          </Title>
          <Text c="dimmed" size="sm">
            In effect for every learner as soon as you save; the environment only gave the first values.
          </Text>
        </div>
        <QueryState query={settings} what="the school settings">
          {(saved) => <SchoolSettingsForm key={saved.updated_at ?? 'first'} saved={saved} save={save} />}
        </QueryState>
        <Title order={3} fz="md">
          Changes
        </Title>
        <PagedTable
          usePage={useSchoolSettingsHistory}
          what="Changes of the school settings"
          columns={HISTORY_COLUMNS}
        />
      </Stack>
    </Paper>
  );
}

function SchoolSettingsForm({
  saved,
  save,
}: {
  saved: SchoolSettings;
  save: ReturnType<typeof useSaveSchoolSettings>;
}) {
  const {
    updated_at: _updatedAt,
    jitsi_app_secret_set: jitsiSecretSet,
    bbb_secret_set: bbbSecretSet,
    ...values
  } = saved;
  const form = useForm<SchoolSettingsBody, unknown, SchoolSettingsValues>({
    resolver: zodResolver(schoolSettingsBodySchema),
    // The secrets are never read back: empty keeps the stored one.
    defaultValues: { ...values, jitsi_app_secret: '', bbb_secret: '' },
  });
  const provider = form.watch('classroom_provider');
  const secretHint = (set: boolean) =>
    set ? 'A secret is stored; leave this empty to keep it.' : 'None stored yet.';
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
    } catch (error) {
      reportSaveError(error, form.setError, SCHOOL_SETTING_KEYS);
    }
  });

  const hours = (max: number) =>
    ({ type: 'number', inputMode: 'numeric', min: 0, max, step: 1, required: true }) as const;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="School settings">
      <Stack gap="md" maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormTextInput
            form={form}
            name="school_name"
            label={SCHOOL_SETTING_LABELS.school_name}
            required
            autoComplete="organization"
          />
          <FormTextInput
            form={form}
            name="school_email"
            label={SCHOOL_SETTING_LABELS.school_email}
            type="email"
            required
            autoComplete="off"
            description="The contact form's enquiries go here; it is also the organizer of class invitations."
          />
          <FormNativeSelect
            form={form}
            name="time_zone"
            label={SCHOOL_SETTING_LABELS.time_zone}
            description="The school's days: the calendar, filters and figures, and mail to learners with no zone of their own."
            data={timeZoneOptions(saved.time_zone)}
          />
          <FormTextInput
            form={form}
            name="cancel_window_hours"
            label={SCHOOL_SETTING_LABELS.cancel_window_hours}
            description="Learners can cancel for free until this long before a class."
            {...hours(CANCEL_WINDOW_HOURS_MAX)}
          />
          <FormTextInput
            form={form}
            name="waitlist_cutoff_hours"
            label={SCHOOL_SETTING_LABELS.waitlist_cutoff_hours}
            description="No one is moved up from a waitlist later than this before a class."
            {...hours(WAITLIST_CUTOFF_HOURS_MAX)}
          />
          <FormTextInput
            form={form}
            name="meeting_link_lead_minutes"
            label={SCHOOL_SETTING_LABELS.meeting_link_lead_minutes}
            description="The join link shows, and is mailed, this long before the start."
            {...hours(MEETING_LINK_LEAD_MINUTES_MAX)}
          />
          <FormTextInput
            form={form}
            name="club_sessions_per_week"
            label={SCHOOL_SETTING_LABELS.club_sessions_per_week}
            description="Club classes a learner may book with the Club pass in one week (Monday to Sunday)."
            {...hours(CLUB_SESSIONS_PER_WEEK_MAX)}
            min={1}
          />
        </SimpleGrid>
        <Title order={3} fz="md">
          Referrals
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormTextInput
            form={form}
            name="referral_friend_credits"
            label={SCHOOL_SETTING_LABELS.referral_friend_credits}
            description="A bonus lot with the invited friend's first paid purchase, expiring with it."
            {...hours(REFERRAL_CREDITS_MAX)}
          />
          <FormTextInput
            form={form}
            name="referral_sponsor_credits"
            label={SCHOOL_SETTING_LABELS.referral_sponsor_credits}
            description="Granted once the friend's purchase has stood for the hold and they attended a class."
            {...hours(REFERRAL_CREDITS_MAX)}
          />
          <FormTextInput
            form={form}
            name="referral_hold_days"
            label={SCHOOL_SETTING_LABELS.referral_hold_days}
            description="A refund or dispute before then withdraws the referral; after it, the reward is clawed back."
            {...hours(REFERRAL_HOLD_DAYS_MAX)}
          />
          <FormTextInput
            form={form}
            name="referral_monthly_cap"
            label={SCHOOL_SETTING_LABELS.referral_monthly_cap}
            description="Rewards past it wait for the next month."
            {...hours(REFERRAL_MONTHLY_CAP_MAX)}
          />
        </SimpleGrid>
        <Title order={3} fz="md">
          Levels
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormNativeSelect
            form={form}
            name="level_rule"
            label={SCHOOL_SETTING_LABELS.level_rule}
            description="Administrators can always book a learner into any class."
            data={[
              { value: 'warn', label: 'Warn: the learner confirms' },
              { value: 'refuse', label: 'Refuse' },
              { value: 'off', label: 'Off: levels are not checked' },
            ]}
          />
          <FormTextInput
            form={form}
            name="placement_retake_days"
            label={SCHOOL_SETTING_LABELS.placement_retake_days}
            description="A learner can take the placement test again this many days after their last result."
            {...hours(PLACEMENT_RETAKE_DAYS_MAX)}
          />
          <FormCheckbox
            form={form}
            name="level_suggestions_at_once"
            label={SCHOOL_SETTING_LABELS.level_suggestions_at_once}
            description="Otherwise each suggestion waits on the dashboard for an administrator to accept or decline."
          />
        </SimpleGrid>
        <Title order={3} fz="md">
          Video rooms
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormNativeSelect
            form={form}
            name="classroom_provider"
            label={SCHOOL_SETTING_LABELS.classroom_provider}
            description="Who makes each class's room. A change ends the rooms of classes still to come and makes new ones within a minute; links typed into a class stay."
            data={CLASSROOM_PROVIDERS.map((value) => ({ value, label: CLASSROOM_PROVIDER_LABELS[value] }))}
          />
        </SimpleGrid>
        {provider === 'jitsi' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <FormTextInput
              form={form}
              name="jitsi_url"
              label={SCHOOL_SETTING_LABELS.jitsi_url}
              description="meet.jit.si needs no account; a Jitsi server of the school's own works the same."
              type="url"
              placeholder="https://meet.jit.si"
              autoComplete="off"
            />
            <FormTextInput
              form={form}
              name="jitsi_app_id"
              label={SCHOOL_SETTING_LABELS.jitsi_app_id}
              description="For a Jitsi server with JWT authentication only: every link then carries a signed token. Empty for none."
              autoComplete="off"
            />
            <FormTextInput
              form={form}
              name="jitsi_app_secret"
              label={SCHOOL_SETTING_LABELS.jitsi_app_secret}
              description={secretHint(jitsiSecretSet)}
              type="password"
              autoComplete="new-password"
            />
          </SimpleGrid>
        ) : null}
        {provider === 'bbb' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <FormTextInput
              form={form}
              name="bbb_url"
              label={SCHOOL_SETTING_LABELS.bbb_url}
              description="Up to /bigbluebutton, as `bbb-conf --secret` prints it."
              type="url"
              placeholder="https://bbb.example.com/bigbluebutton"
              autoComplete="off"
            />
            <FormTextInput
              form={form}
              name="bbb_secret"
              label={SCHOOL_SETTING_LABELS.bbb_secret}
              description={secretHint(bbbSecretSet)}
              type="password"
              autoComplete="new-password"
            />
          </SimpleGrid>
        ) : null}
        <Title order={3} fz="md">
          Failed membership renewals
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormTextInput
            form={form}
            name="dunning_retry_days"
            label={SCHOOL_SETTING_LABELS.dunning_retry_days}
            description="Rising days, separated by commas (1, 3, 7); the membership ends when the last try fails. With Stripe, set the same schedule in its retry settings."
            required
            autoComplete="off"
          />
          <FormTextInput
            form={form}
            name="dunning_grace_days"
            label={SCHOOL_SETTING_LABELS.dunning_grace_days}
            description="After this many days unpaid, bookings with credits are refused until the card pays."
            {...hours(DUNNING_GRACE_DAYS_MAX)}
          />
        </SimpleGrid>
        <Title order={3} fz="md">
          Pausing a membership
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormCheckbox form={form} name="pause_allowed" label={SCHOOL_SETTING_LABELS.pause_allowed} />
          <FormCheckbox
            form={form}
            name="pause_extends_credits"
            label={SCHOOL_SETTING_LABELS.pause_extends_credits}
          />
          <FormTextInput
            form={form}
            name="pause_max_months"
            label={SCHOOL_SETTING_LABELS.pause_max_months}
            description="From 1 to 3; a pause starts at the next renewal, and nothing is charged while it lasts."
            {...hours(PAUSE_MONTHS_MAX)}
            min={1}
          />
          <FormTextInput
            form={form}
            name="pause_times_per_year"
            label={SCHOOL_SETTING_LABELS.pause_times_per_year}
            description="Counted over the last 365 days. Administrators can pause for a learner past these limits."
            {...hours(PAUSE_TIMES_PER_YEAR_MAX)}
            min={1}
          />
        </SimpleGrid>
        <Title order={3} fz="md">
          Rollover of membership credits
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormCheckbox form={form} name="rollover_enabled" label={SCHOOL_SETTING_LABELS.rollover_enabled} />
          <FormTextInput
            form={form}
            name="rollover_cap_periods"
            label={SCHOOL_SETTING_LABELS.rollover_cap_periods}
            description={`From 1 to ${ROLLOVER_CAP_PERIODS_MAX}: at a renewal, at most this many periods' worth of the plan's credits last one period longer; the rest expire as before.`}
            {...hours(ROLLOVER_CAP_PERIODS_MAX)}
            min={1}
          />
        </SimpleGrid>
        <Title order={3} fz="md">
          Class materials
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormTextInput
            form={form}
            name="material_max_mb"
            label={SCHOOL_SETTING_LABELS.material_max_mb}
            description={`From 1 to ${MATERIAL_MAX_MB_MAX}: a larger file is refused when a teacher uploads it.`}
            {...hours(MATERIAL_MAX_MB_MAX)}
            min={1}
          />
        </SimpleGrid>
        <Title order={3} fz="md">
          On invoices
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormTextInput
            form={form}
            name="legal_name"
            label={SCHOOL_SETTING_LABELS.legal_name}
            description="The seller on every invoice; empty, the school name is used."
            maxLength={LEGAL_NAME_MAX_LENGTH}
            autoComplete="off"
          />
          <FormTextInput
            form={form}
            name="vat_number"
            label={SCHOOL_SETTING_LABELS.vat_number}
            maxLength={VAT_NUMBER_MAX_LENGTH}
            autoComplete="off"
          />
          <FormTextarea
            form={form}
            name="address"
            label={SCHOOL_SETTING_LABELS.address}
            maxLength={ADDRESS_MAX_LENGTH}
            autosize
            minRows={3}
          />
          <FormTextInput
            form={form}
            name="vat_rate"
            label={SCHOOL_SETTING_LABELS.vat_rate}
            description="Prices include VAT; invoices show the part of them this rate stands for. 0 for none."
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
          />
        </SimpleGrid>
        <Title order={3} fz="md">
          On the home page
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormTextarea
            form={form}
            name="course_tabs"
            label={SCHOOL_SETTING_LABELS.course_tabs}
            description={`One name a line, at most ${COURSE_TAB_COUNT}. A class type shows under the tab whose line number it is given; a tab with no active type is not shown.`}
            autosize
            minRows={COURSE_TAB_COUNT}
          />
          <Stack gap="md">
            <FormTextInput
              form={form}
              name="app_store_url"
              label={SCHOOL_SETTING_LABELS.app_store_url}
              description="The footer shows an App Store badge only with an address."
              type="url"
              placeholder="https://"
              autoComplete="off"
            />
            <FormTextInput
              form={form}
              name="play_store_url"
              label={SCHOOL_SETTING_LABELS.play_store_url}
              description="The footer shows a Google Play badge only with an address."
              type="url"
              placeholder="https://"
              autoComplete="off"
            />
          </Stack>
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={isSubmitting} w={{ base: '100%', xs: 'auto' }}>
            Save school settings
          </Button>
          {save.isSuccess ? (
            <Text size="sm" role="status">
              Saved
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
