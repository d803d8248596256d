import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { STUDENT_SORTS, type StudentRow, type StudentSort } from '@tokenly/contract/users';
import { type FormEvent, useState } from 'react';
import type { Column } from '../../../components/ui/data-table';
import { ROUTES } from '../../../config/routes';
import { formatDate } from '../../../lib/format';
import { studentsCsvUrl, useStudentPage } from '../api/users';
import { useFilterParams } from '../hooks/use-filter-params';
import { AccountStatusBadge } from './account-access';
import { AdminPage } from './admin-page';
import { editColumn } from './list-columns';
import { PagedTable } from './paged-table';

const COLUMNS: Column<StudentRow>[] = [
  { header: 'Name', cell: (row) => <Text fw={600}>{row.name}</Text> },
  { header: 'Email', cell: (row) => row.email },
  { header: 'User Role', cell: (row) => row.user_role },
  { header: 'Balance', cell: (row) => row.balance },
  {
    header: 'Next expiry',
    cell: (row) =>
      row.next_expiry ? `${row.next_expiry.credits} on ${formatDate(row.next_expiry.expires_at)}` : '—',
  },
  { header: 'Last booking', cell: (row) => (row.last_booking_at ? formatDate(row.last_booking_at) : '—') },
  { header: 'Status', cell: (row) => <AccountStatusBadge user={row} /> },
  { header: 'Joined', cell: (row) => formatDate(row.created_at) },
  editColumn(
    (row) => ROUTES.adminStudent(row.id),
    (row) => row.name,
  ),
];

const FILTER_KEYS = ['q', 'sort'] as const;
const SORT_LABELS: Record<StudentSort, string> = {
  newest: 'Newest first',
  name: 'Name',
  balance: 'Balance, highest first',
  last_booking: 'Latest booking first',
};
const SORT_OPTIONS = STUDENT_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));

function useSearchedStudentPage(page: number) {
  const [filters] = useFilterParams(FILTER_KEYS);
  return useStudentPage(page, filters);
}

/** Searched on submit (not on every key), sorted at once; both kept in the address. */
function StudentSearch() {
  const [filters, setFilters] = useFilterParams(FILTER_KEYS);
  const [q, setQ] = useState(filters.q ?? '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...filters, q });
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={onSubmit} aria-label="Find students">
        <Group align="flex-end" gap="md">
          <TextInput
            label="Search students"
            description="Part of a name or an email"
            value={q}
            onChange={(event) => setQ(event.currentTarget.value)}
            miw={240}
          />
          <Button type="submit">Search</Button>
          <NativeSelect
            label="Sort by"
            data={SORT_OPTIONS}
            value={filters.sort ?? 'newest'}
            onChange={(event) => setFilters({ ...filters, sort: event.currentTarget.value })}
          />
          <Button component="a" href={studentsCsvUrl(filters)} download variant="outline" ml="auto">
            Download CSV
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

/** Back and Forward change the address: the form starts again from it. */
function StudentSearchWithReset() {
  const [filters] = useFilterParams(FILTER_KEYS);
  return <StudentSearch key={JSON.stringify(filters)} />;
}

/** SPEC.md "Admin student list"; Edit opens the learner's page (details, balance, credit adjustment). */
export function AdminStudentsListPage() {
  return (
    <AdminPage title="Students">
      <Stack gap="md">
        <StudentSearchWithReset />
        <PagedTable usePage={useSearchedStudentPage} what="Students" columns={COLUMNS} minWidth={980} />
      </Stack>
    </AdminPage>
  );
}
