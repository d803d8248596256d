import { Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailure } from './load-failure';

/** Loading and failure states of a read; renders `children` with the data once it is there. */
export function QueryState<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Group gap="sm" aria-live="polite">
        <Loader size="sm" />
        <Text>Loading {what}…</Text>
      </Group>
    );
  }
  if (query.isError) {
    return <LoadFailure title={`We could not load ${what}.`} error={query.error} retry={query.refetch} />;
  }
  return children(query.data);
}
