import { Code, Text } from '@mantine/core';
import type { AuditEvent } from '@tokenly/contract/audit';
import type { Column } from '../../../components/ui/data-table';
import { formatDateTime } from '../../../lib/format';
import { useAuditPage } from '../api/audit';
import { AdminPage } from './admin-page';
import { PagedTable } from './paged-table';

const COLUMNS: Column<AuditEvent>[] = [
  { header: 'When', cell: (row) => formatDateTime(row.created_at) },
  { header: 'Who', cell: (row) => <Text fw={600}>{row.actor.name}</Text> },
  { header: 'What', cell: (row) => row.summary },
  { header: 'On', cell: (row) => (row.subject_id === null ? '—' : `#${row.subject_id}`) },
  { header: 'Reason', cell: (row) => row.reason ?? '—' },
  {
    header: 'Details',
    cell: (row) =>
      row.details ? (
        <Code block fz="xs" maw={360} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {JSON.stringify(row.details, null, 1)}
        </Code>
      ) : (
        '—'
      ),
  },
];

/** Every administrative change, newest first: who, when, what, on which record and why. */
export function AdminAuditLogPage() {
  return (
    <AdminPage title="Audit log">
      <PagedTable usePage={useAuditPage} what="Audit log" columns={COLUMNS} minWidth={960} />
    </AdminPage>
  );
}
