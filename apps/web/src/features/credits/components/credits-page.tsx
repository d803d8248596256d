import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { type CreditLot, EXPIRING_SOON_DAYS } from '@tokenly/contract/credits';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { Pager } from '../../../components/ui/pager';
import { Panel } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { useCreditHistory, useUserCredits } from '../api/get-user-credits';
import { ClubPassCard } from './club-pass-card';
import { LedgerTable } from './ledger-table';

type Translate = ReturnType<typeof useT>;

/** Where a lot came from; a plan since removed has no title, and the sentence says what kind it was. */
function lotSource(t: Translate, lot: CreditLot): string {
  switch (lot.source) {
    case 'purchase':
      return lot.plan_title
        ? t('credits.lot.package', { plan: lot.plan_title })
        : t('credits.lot.packageUntitled');
    case 'subscription': {
      if (!(lot.period_start && lot.period_end)) {
        return lot.plan_title
          ? t('credits.lot.membership', { plan: lot.plan_title })
          : t('credits.lot.membershipUntitled');
      }
      const period = { from: formatDate(lot.period_start), until: formatDate(lot.period_end) };
      return lot.plan_title
        ? t('credits.lot.membershipPeriod', { plan: lot.plan_title, ...period })
        : t('credits.lot.membershipUntitledPeriod', period);
    }
    case 'grant':
      return t('credits.lot.grant');
    case 'refund':
      return t('credits.lot.refund');
    case 'referral':
      return t('credits.lot.referral');
    case 'gift':
      return t('credits.lot.gift');
  }
}

const lotColumns = (t: Translate): Column<CreditLot>[] => [
  { header: t('credits.lots.from'), cell: (lot) => lotSource(t, lot) },
  { header: t('credits.lots.granted'), cell: (lot) => lot.credits_total },
  { header: t('credits.lots.remaining'), cell: (lot) => <Text fw={700}>{lot.credits_remaining}</Text> },
  { header: t('credits.lots.expires'), cell: (lot) => formatDate(lot.expires_at) },
  {
    header: t('credits.lots.daysLeft'),
    cell: (lot) =>
      lot.days_left <= EXPIRING_SOON_DAYS ? (
        // Colour and words both: the highlight must not rest on colour alone.
        <Badge color="orange.9" variant="filled" tt="none">
          {t('credits.lots.expiresSoon', { count: lot.days_left })}
        </Badge>
      ) : (
        t('credits.lots.days', { count: lot.days_left })
      ),
  },
];

/** /user/list-token: the balance, each lot of credits, and every movement. */
export function CreditsPage() {
  const t = useT();
  usePageTitle(t('credits.title'));
  const credits = useUserCredits();
  const [page, setPage] = useState(1);
  const history = useCreditHistory(page);
  return (
    <Stack gap="lg">
      <Title order={1}>{t('credits.title')}</Title>
      <QueryState query={credits} what={t('credits.what')}>
        {(mine) => (
          <Stack gap="lg">
            <Panel>
              <Group justify="space-between" align="flex-end" gap="md">
                <div>
                  <Text c="dimmed">{t('credits.balance')}</Text>
                  <Text fz={36} fw={700} data-testid="credits-balance">
                    {mine.balance}
                  </Text>
                  <Text size="sm">
                    {mine.next_expiry
                      ? t('credits.nextExpiry', {
                          count: mine.next_expiry.credits,
                          date: formatDate(mine.next_expiry.expires_at),
                        })
                      : t('credits.noExpiry')}{' '}
                    {t('credits.expireFirst')}
                  </Text>
                </div>
                <Button component={Link} to={ROUTES.payment}>
                  {t('credits.buy')}
                </Button>
              </Group>
            </Panel>
            <ClubPassCard />
            <Stack gap="sm" component="section" aria-labelledby="lots-heading">
              <Title order={2} size="h3" id="lots-heading">
                {t('credits.lots.heading')}
              </Title>
              <DataTable
                rows={mine.lots}
                columns={lotColumns(t)}
                what={t('credits.lots.what')}
                minWidth={640}
              />
            </Stack>
          </Stack>
        )}
      </QueryState>
      <Stack gap="sm" component="section" aria-labelledby="history-heading">
        <Title order={2} size="h3" id="history-heading">
          {t('credits.history.heading')}
        </Title>
        <QueryState query={history} what={t('credits.history.loadWhat')}>
          {(moves) => (
            <>
              <LedgerTable rows={moves.data} what={t('credits.history.what')} />
              <Pager page={moves.current_page} lastPage={moves.last_page} onChange={setPage} />
            </>
          )}
        </QueryState>
      </Stack>
    </Stack>
  );
}
