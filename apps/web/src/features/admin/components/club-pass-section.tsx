import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { CLUB_GRANT_DAYS_MAX, CLUB_MONTH_DAYS, type ClubPassEvent } from '@tokenly/contract/club-pass';
import { Controller, useForm } from 'react-hook-form';
import { reportSaveError } from '../../../components/form/report-save-error';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { dialog } from '../../../components/ui/dialog';
import { LabelledValue } from '../../../components/ui/labelled-value';
import { QueryState } from '../../../components/ui/query-state';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useClubPass, useEndClubPass, useGrantClubPass } from '../api/club-pass';
import { ReasonField, WholeNumberField } from './adjustment-fields';

const KIND_WORDS: Record<ClubPassEvent['kind'], string> = {
  granted: 'Granted',
  extended: 'Extended',
  ended: 'Ended',
  refunded: 'Taken back (refund)',
};

const HISTORY_COLUMNS: Column<ClubPassEvent>[] = [
  { header: 'When', cell: (event) => formatDateTime(event.created_at) },
  { header: 'Change', cell: (event) => KIND_WORDS[event.kind] },
  {
    header: 'Days',
    cell: (event) => `${event.days} (${formatDate(event.from)} to ${formatDate(event.until)})`,
  },
  {
    header: 'By',
    cell: (event) =>
      event.actor_name ?? (event.plan_title ? `Payment ${event.payment_id}: ${event.plan_title}` : 'Payment'),
  },
  { header: 'Reason', cell: (event) => event.note ?? '' },
];

type Values = { action: 'grant' | 'end'; days: number | string; reason: string };

/** Grant days (from now, or added to a running pass) or end the pass now, with a reason kept in its history. */
function ClubPassForm({ userId, running }: { userId: string; running: boolean }) {
  const grant = useGrantClubPass(userId);
  const end = useEndClubPass(userId);
  const form = useForm<Values>({ defaultValues: { action: 'grant', days: CLUB_MONTH_DAYS, reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const action = form.watch('action');

  const onSubmit = form.handleSubmit(async ({ action: chosen, days, reason }) => {
    try {
      if (chosen === 'grant') await grant.mutateAsync({ days: Number(days), reason });
      else await end.mutateAsync({ reason });
      form.reset({ action: 'grant', days: CLUB_MONTH_DAYS, reason: '' });
      dialog.success(chosen === 'grant' ? 'Club pass days granted.' : 'Club pass ended.');
    } catch (error) {
      reportSaveError(error, form.setError, { days: 'days', reason: 'reason' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change the Club pass">
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="action"
          render={({ field }) => (
            <SegmentedControl
              aria-label="Grant days or end the pass"
              value={field.value}
              onChange={(value) => field.onChange(value === 'end' ? 'end' : 'grant')}
              data={[
                { value: 'grant', label: 'Grant days' },
                { value: 'end', label: 'End now', disabled: !running },
              ]}
            />
          )}
        />
        <Group align="flex-start" grow wrap="wrap">
          {action === 'grant' && (
            <WholeNumberField
              control={form.control}
              name="days"
              label="Days"
              max={CLUB_GRANT_DAYS_MAX}
              error={errors.days?.message}
            />
          )}
          <ReasonField register={form.register} name="reason" error={errors.reason?.message} />
        </Group>
        <Group>
          <Button type="submit" loading={isSubmitting} color={action === 'end' ? 'red.9' : undefined}>
            {action === 'grant' ? 'Grant Club pass days' : 'End the Club pass'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The student page's Club pass: from, until, source, the form, and every change with who and why. */
export function ClubPassSection({ userId }: { userId: string }) {
  const clubPass = useClubPass(userId);
  return (
    <Stack gap="sm">
      <Title order={2} fz="xl">
        Club pass
      </Title>
      <QueryState query={clubPass} what="the Club pass">
        {({ pass, history }) => (
          <Stack gap="md">
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <Stack gap="md">
                {pass ? (
                  <Group gap="xl">
                    <LabelledValue label="From">{formatDate(pass.from)}</LabelledValue>
                    <LabelledValue label="Until">{formatDateTime(pass.until)}</LabelledValue>
                    <LabelledValue label="Status">
                      {pass.active ? `Active, ${pass.days_left} days left` : 'Ended'}
                    </LabelledValue>
                    <LabelledValue label="Last added by">
                      {pass.source?.kind === 'admin'
                        ? 'An administrator'
                        : (pass.source?.plan_title ?? 'A payment')}
                    </LabelledValue>
                  </Group>
                ) : (
                  <Text>No Club pass yet.</Text>
                )}
                <ClubPassForm userId={userId} running={pass?.active ?? false} />
              </Stack>
            </Paper>
            <DataTable rows={history} columns={HISTORY_COLUMNS} what="Club pass history" />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
