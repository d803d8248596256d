import { Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { LoadFailure } from './load-failure';

/**
 * What a read says while it loads and when it fails: whole sentences from the page's catalog (`loading`,
 * by default "Loading…", and `failed`), or on the English-only screens (administration, teachers) `what`
 * it reads, worded as "Loading the class…" and "We could not load the class.".
 */
type Words =
  | { loading?: string; failed: string; what?: never }
  | { what: string; loading?: never; failed?: never };

/** Loading and failure states of a read; renders `children` with the data once it is there. */
export function QueryState<T>({
  query,
  children,
  ...words
}: Words & {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) {
    return (
      <Group gap="sm" aria-live="polite">
        <Loader size="sm" />
        <Text>
          {words.what === undefined
            ? (words.loading ?? t('common.loading'))
            : t('common.loadingWhat', { what: words.what })}
        </Text>
      </Group>
    );
  }
  if (query.isError) {
    const title = words.what === undefined ? words.failed : t('common.loadFailedWhat', { what: words.what });
    return <LoadFailure title={title} error={query.error} retry={query.refetch} />;
  }
  return children(query.data);
}
