import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AdminReferral, ReferralMonth } from '@tokenly/contract/referrals';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { dialog } from '../../../components/ui/dialog';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useAdminReferrals, useDecideReferral } from '../api/referrals';
import { usePageParam } from '../hooks/use-page-param';
import { AdminPage } from './admin-page';
import { REFERRAL_STATE_WORDS } from './referral-words';

const FLAG_WORDS = {
  same_email: 'same mailbox as the sponsor',
  same_card: 'same card as the sponsor',
} as const;

/** Approve or reject a held referral, with the reason the audit log keeps. */
function Decision({ referral }: { referral: AdminReferral }) {
  const decide = useDecideReferral(referral.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async (decision: 'approve' | 'reject') => {
    if (reason.trim() === '') {
      setError('Give a reason.');
      return;
    }
    setError(null);
    try {
      await decide.mutateAsync({ decision, reason });
      dialog.success(decision === 'approve' ? 'Referral approved.' : 'Referral rejected.');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Stack gap="xs">
      <TextInput
        label={`Reason for the referral of ${referral.friend.name}`}
        size="sm"
        maxLength={200}
        value={reason}
        error={error}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
      <Group gap="xs">
        <Button
          size="xs"
          loading={decide.isPending}
          aria-label={`Approve the referral of ${referral.friend.name}`}
          onClick={() => send('approve')}
        >
          Approve
        </Button>
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          loading={decide.isPending}
          aria-label={`Reject the referral of ${referral.friend.name}`}
          onClick={() => send('reject')}
        >
          Reject
        </Button>
      </Group>
    </Stack>
  );
}

const studentLink = (person: { id: number; name: string }) => (
  <Anchor component={Link} to={ROUTES.adminStudent(person.id)} fw={600}>
    {person.name}
  </Anchor>
);

const COLUMNS: Column<AdminReferral>[] = [
  { header: 'Signed up', cell: (row) => formatDateTime(row.created_at) },
  { header: 'Sponsor', cell: (row) => studentLink(row.sponsor) },
  { header: 'Friend', cell: (row) => studentLink(row.friend) },
  {
    header: 'State',
    cell: (row) => (
      <Stack gap={2}>
        <Text size="sm">{REFERRAL_STATE_WORDS[row.state]}</Text>
        {row.flag ? <Text size="xs">Flagged: {FLAG_WORDS[row.flag]}</Text> : null}
        {row.decision_note ? <Text size="xs">Decision: {row.decision_note}</Text> : null}
      </Stack>
    ),
  },
  {
    header: 'Credits (friend / sponsor)',
    cell: (row) => `${row.friend_credits} / ${row.sponsor_credits}`,
  },
  { header: 'Hold until', cell: (row) => (row.hold_until ? formatDate(row.hold_until) : '') },
  { header: 'Review', cell: (row) => (row.state === 'held' ? <Decision referral={row} /> : '') },
];

const MONTH_COLUMNS: Column<ReferralMonth & { id: number }>[] = [
  { header: 'Month', cell: (row) => row.month },
  { header: 'Friends signed up', cell: (row) => row.signed_up },
  { header: 'Sponsors rewarded', cell: (row) => row.rewarded },
  { header: 'Credits to friends', cell: (row) => row.friend_credits },
  { header: 'Credits to sponsors', cell: (row) => row.sponsor_credits },
];

/** Every referral with its state, newest first; held ones decided here; the last twelve months' totals. */
export function AdminReferralsPage() {
  const [page, setPage] = usePageParam();
  const referrals = useAdminReferrals(page);
  return (
    <AdminPage title="Referrals">
      <QueryState query={referrals} what="the referrals">
        {({ referrals: list, months }) => (
          <Stack gap="lg">
            <Stack gap="sm">
              <Title order={2} fz="xl">
                Totals by month
              </Title>
              <DataTable
                rows={months.map((month, index) => ({ ...month, id: index }))}
                columns={MONTH_COLUMNS}
                what="Referral totals by month"
              />
            </Stack>
            <Stack gap="sm">
              <Title order={2} fz="xl">
                Every referral
              </Title>
              <DataTable rows={list.data} columns={COLUMNS} what="Referrals" minWidth={1000} />
              <Pager page={list.current_page} lastPage={list.last_page} onChange={setPage} />
            </Stack>
          </Stack>
        )}
      </QueryState>
    </AdminPage>
  );
}
