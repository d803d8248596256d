import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type CreditLot, EXPIRING_SOON_DAYS } from '@tokenly/contract/credits';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { useCreditHistory, useUserCredits } from '../api/get-user-credits';
import { LedgerTable } from './ledger-table';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function lotSource(lot: CreditLot): string {
  switch (lot.source) {
    case 'purchase':
      return `Package: ${lot.plan_title ?? 'token package'}`;
    case 'subscription':
      return lot.period_start && lot.period_end
        ? `Membership: ${lot.plan_title ?? 'membership'}, ${formatDate(lot.period_start)} to ${formatDate(lot.period_end)}`
        : `Membership: ${lot.plan_title ?? 'membership'}`;
    case 'grant':
      return 'Granted by the school';
    case 'refund':
      return 'Refund of a cancelled class';
  }
}

const LOT_COLUMNS: Column<CreditLot>[] = [
  { header: 'From', cell: lotSource },
  { header: 'Granted', cell: (lot) => lot.credits_total },
  { header: 'Remaining', cell: (lot) => <Text fw={700}>{lot.credits_remaining}</Text> },
  { header: 'Expires', cell: (lot) => formatDate(lot.expires_at) },
  {
    header: 'Days left',
    cell: (lot) =>
      lot.days_left <= EXPIRING_SOON_DAYS ? (
        // Colour and words both: the highlight must not rest on colour alone.
        <Badge color="orange.9" variant="filled" tt="none">
          {plural(lot.days_left, 'day')}: expires soon
        </Badge>
      ) : (
        plural(lot.days_left, 'day')
      ),
  },
];

/** /user/list-token (issue 18): the balance, each lot of credits, and every movement. */
export function CreditsPage() {
  usePageTitle('My credits');
  const credits = useUserCredits();
  const [page, setPage] = useState(1);
  const history = useCreditHistory(page);
  return (
    <Stack gap="lg">
      <Title order={1}>My credits</Title>
      <QueryState query={credits} what="your credits">
        {(mine) => (
          <Stack gap="lg">
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <Group justify="space-between" align="flex-end" gap="md">
                <div>
                  <Text c="dimmed">Balance</Text>
                  <Text fz={36} fw={700} data-testid="credits-balance">
                    {mine.balance}
                  </Text>
                  <Text size="sm">
                    {mine.next_expiry
                      ? `${plural(mine.next_expiry.credits, 'credit')} expire on ${formatDate(mine.next_expiry.expires_at)}.`
                      : 'No credits to expire.'}{' '}
                    Bookings use the credits that expire first.
                  </Text>
                </div>
                <Button component={Link} to={ROUTES.payment}>
                  Buy tokens
                </Button>
              </Group>
            </Paper>
            <Stack gap="sm" component="section" aria-labelledby="lots-heading">
              <Title order={2} size="h3" id="lots-heading">
                Your credits by expiry
              </Title>
              <DataTable rows={mine.lots} columns={LOT_COLUMNS} what="Credit lots" minWidth={640} />
            </Stack>
          </Stack>
        )}
      </QueryState>
      <Stack gap="sm" component="section" aria-labelledby="history-heading">
        <Title order={2} size="h3" id="history-heading">
          History
        </Title>
        <QueryState query={history} what="your credit history">
          {(moves) => (
            <>
              <LedgerTable rows={moves.data} what="Credit history" />
              <Pager page={moves.current_page} lastPage={moves.last_page} onChange={setPage} />
            </>
          )}
        </QueryState>
      </Stack>
    </Stack>
  );
}
