import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ClubPass } from '@tokenly/contract/club-pass';
import { Link } from 'react-router';
import { Panel } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { userClubPassQuery } from '../../booking/api/get-user-club-pass';

function PassState({ pass, perWeek }: { pass: ClubPass | null; perWeek: number }) {
  const t = useT();
  if (pass?.active) {
    const source =
      pass.source?.kind === 'admin'
        ? t('credits.club.fromSchool')
        : pass.source?.plan_title
          ? t(pass.source.kind === 'subscription' ? 'credits.club.subscribed' : 'credits.club.fromPlan', {
              plan: pass.source.plan_title,
            })
          : null;
    return (
      <Stack gap={4}>
        <Group gap="sm">
          <Text fw={700} data-testid="club-pass-valid">
            {t('credits.club.valid', { from: formatDate(pass.from), until: formatDate(pass.until) })}
          </Text>
          <Badge variant="light" color="green" c="dark.8" tt="none">
            {t('credits.club.daysLeft', { count: pass.days_left })}
          </Badge>
        </Group>
        {source && <Text size="sm">{source}</Text>}
        <Text size="sm">{t('credits.club.perWeek', { count: perWeek })}</Text>
      </Stack>
    );
  }
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <Text>{pass ? t('credits.club.ended', { date: formatDate(pass.until) }) : t('credits.club.none')}</Text>
      <Button component={Link} to={ROUTES.membership} variant="outline">
        {t('credits.club.get')}
      </Button>
    </Group>
  );
}

/** My credits' Club pass: from, until and where it came from, or the way to get one. */
export function ClubPassCard() {
  const t = useT();
  const mine = useQuery(userClubPassQuery());
  return (
    <Panel component="section" aria-labelledby="club-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="club-heading">
          {t('credits.club.heading')}
        </Title>
        <QueryState query={mine} what={t('credits.club.what')}>
          {(data) => <PassState pass={data.pass} perWeek={data.sessions_per_week} />}
        </QueryState>
      </Stack>
    </Panel>
  );
}
