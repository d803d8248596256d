import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paginated } from '@tokenly/contract/common';
import type { ReactNode } from 'react';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { usePageParam } from '../hooks/use-page-param';

/**
 * A paginated admin list: loading and failure states, the table, and the shared pager bound to `?page=`;
 * `summary` shows what the call adds to the page (the payments' totals) above the table. A list too long
 * to count on every page (the Outbox, the audit log) says its size is an estimate.
 */
export function PagedTable<T extends { id: number }, P extends Paginated<T> = Paginated<T>>({
  usePage,
  what,
  columns,
  minWidth,
  summary,
}: {
  usePage: (page: number) => UseQueryResult<P>;
  what: string;
  columns: Column<T>[];
  minWidth?: number;
  summary?: (data: P) => ReactNode;
}) {
  const [page, setPage] = usePageParam();
  const query = usePage(page);
  return (
    <QueryState query={query} what={what}>
      {(data) => (
        <>
          {summary?.(data)}
          {data.total_is_estimate && (
            <Text size="sm" c="dimmed" mb="xs">
              {what}: about {data.total.toLocaleString('en-US')}
            </Text>
          )}
          <DataTable rows={data.data} columns={columns} what={what} minWidth={minWidth} />
          <Pager page={data.current_page} lastPage={data.last_page} onChange={setPage} />
        </>
      )}
    </QueryState>
  );
}
