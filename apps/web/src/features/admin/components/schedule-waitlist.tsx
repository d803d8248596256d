import { Stack, Text, Title } from '@mantine/core';
import type { AdminWaitlistEntry } from '@tokenly/contract/waitlist';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { dialog } from '../../../components/ui/dialog';
import { QueryState } from '../../../components/ui/query-state';
import { RowDangerButton } from '../../../components/ui/row-danger-button';
import { formatDateTime } from '../../../lib/format';
import { useRemoveFromWaitlist, useScheduleWaitlist } from '../api/schedules';

function RemoveButton({ entry }: { entry: AdminWaitlistEntry }) {
  const remove = useRemoveFromWaitlist(entry.id);
  const removeEntry = () =>
    remove.mutate(undefined, {
      onSuccess: () => dialog.success(`${entry.name} was removed from the waitlist.`),
      onError: (error) => dialog.failure(error, removeEntry),
    });
  return (
    <RowDangerButton
      loading={remove.isPending}
      aria-label={`Remove ${entry.name} from the waitlist`}
      onClick={() =>
        dialog.confirm({
          title: 'Remove from the waitlist?',
          message: `${entry.name} loses place #${entry.position}; everyone after moves up.`,
          confirmLabel: 'Remove',
          onConfirm: removeEntry,
        })
      }
    >
      Remove
    </RowDangerButton>
  );
}

const COLUMNS: Column<AdminWaitlistEntry>[] = [
  { header: '#', cell: (row) => row.position },
  { header: 'Learner', cell: (row) => row.name },
  { header: 'Email', cell: (row) => row.email },
  { header: 'Joined', cell: (row) => formatDateTime(row.joined_at) },
  { header: 'Actions', cell: (row) => <RemoveButton entry={row} /> },
];

/** The class's waitlist on its edit page: the order seats will be offered in. */
export function ScheduleWaitlist({ scheduleId }: { scheduleId: string }) {
  const waitlist = useScheduleWaitlist(scheduleId);
  return (
    <Stack gap="xs">
      <Title order={2} fz="xl">
        Waitlist
      </Title>
      <Text size="sm" c="dimmed">
        A freed seat goes to the first learner in line with enough credits, up to the waitlist cutoff.
      </Text>
      <QueryState query={waitlist} what="the waitlist">
        {(rows) => <DataTable rows={rows} columns={COLUMNS} what="Waitlist" minWidth={560} />}
      </QueryState>
    </Stack>
  );
}
