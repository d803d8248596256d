import { Button, Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TokenPlan } from '@tokenly/contract/token-plans';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';

/** Loading, failure and empty states shared by every plan grid; `plans` as the grid draws them. */
export function PlansState({
  query,
  plans,
  count,
  empty,
  children,
}: {
  query: UseQueryResult<TokenPlan[]>;
  plans: TokenPlan[] | undefined;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  const t = useT();
  if (plans === undefined && !query.isError) {
    return (
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 4 }}
        role="status"
        aria-busy="true"
        aria-label={t('membership.plans.loading')}
      >
        {[0, 1, 2, 3].map((key) => (
          <Card key={key} h={360}>
            <Stack>
              <Skeleton h={14} w="40%" />
              <Skeleton h={22} w="70%" />
              <Skeleton h={40} w="50%" />
              <Skeleton h={80} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  if (query.isError) {
    return (
      <Card>
        <Stack align="flex-start" gap="sm">
          <Text>{t('membership.plans.failed')}</Text>
          <Button variant="default" onClick={() => query.refetch()}>
            {t('membership.plans.retry')}
          </Button>
        </Stack>
      </Card>
    );
  }
  if (count === 0) {
    return (
      <Card>
        <Text>{empty}</Text>
      </Card>
    );
  }
  return <>{children}</>;
}
