import { Group, Stack, Text, Title } from '@mantine/core';
import { CLUB_GRANT_DAYS_MAX, CLUB_MONTH_DAYS, type ClubPassEvent } from '@tokenly/contract/club-pass';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { LabelledValue } from '../../../components/ui/labelled-value';
import { Panel } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useClubPass, useEndClubPass, useGrantClubPass } from '../api/club-pass';
import { AdjustmentForm } from './adjustment-form';

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

/** Grant days (from now, or added to a running pass) or end the pass now, with a reason kept in its history. */
function ClubPassForm({ userId, running }: { userId: string; running: boolean }) {
  const grant = useGrantClubPass(userId);
  const end = useEndClubPass(userId);
  return (
    <AdjustmentForm
      label="Change the Club pass"
      choicesLabel="Grant days or end the pass"
      choices={[
        { value: 'grant', label: 'Grant days' },
        { value: 'end', label: 'End now', disabled: !running },
      ]}
      amount={{
        label: 'Days',
        max: CLUB_GRANT_DAYS_MAX,
        initial: CLUB_MONTH_DAYS,
        field: 'days',
        onlyFor: 'grant',
      }}
      submitLabel={(action) => (action === 'grant' ? 'Grant Club pass days' : 'End the Club pass')}
      danger="end"
      apply={async ({ action, amount, reason }) => {
        if (action === 'grant') await grant.mutateAsync({ days: amount, reason });
        else await end.mutateAsync({ reason });
        return action === 'grant' ? 'Club pass days granted.' : 'Club pass ended.';
      }}
    />
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
            <Panel>
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
            </Panel>
            <DataTable rows={history} columns={HISTORY_COLUMNS} what="Club pass history" />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
