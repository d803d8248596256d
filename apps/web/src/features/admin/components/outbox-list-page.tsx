import { Anchor, Badge } from '@mantine/core';
import type { OutboxMail } from '@tokenly/contract/mail';
import { Link } from 'react-router';
import type { Column } from '../../../components/ui/data-table';
import { ROUTES } from '../../../config/routes';
import { formatDateTime } from '../../../lib/format';
import { useOutboxPage } from '../api/mail';
import { AdminPage } from './admin-page';
import { PagedTable } from './paged-table';

const STATUS_LABELS: Record<OutboxMail['status'], { label: string; color: string }> = {
  sent: { label: 'Sent', color: 'green' },
  queued: { label: 'Waiting', color: 'yellow' },
  kept: { label: 'Kept (no SMTP)', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
};

export function MailStatus({ status }: { status: OutboxMail['status'] }) {
  const { label, color } = STATUS_LABELS[status];
  return (
    // Dark text: the light variant's own (shade 9) falls below 4.5:1 on a green or yellow tint.
    <Badge color={color} variant="light" c="dark.8">
      {label}
    </Badge>
  );
}

const COLUMNS: Column<OutboxMail>[] = [
  { header: 'Recipient', cell: (row) => row.recipient },
  {
    header: 'Subject',
    cell: (row) => (
      <Anchor component={Link} to={ROUTES.adminOutboxMail(row.id)}>
        {row.subject}
      </Anchor>
    ),
  },
  { header: 'Status', cell: (row) => <MailStatus status={row.status} /> },
  { header: 'Written', cell: (row) => formatDateTime(row.created_at) },
  { header: 'Sent', cell: (row) => (row.sent_at ? formatDateTime(row.sent_at) : '—') },
];

/** Every mail the school sent or, without SMTP_URL, would have sent. */
export function AdminOutboxListPage() {
  return (
    <AdminPage title="Outbox">
      <PagedTable usePage={useOutboxPage} what="Mails" columns={COLUMNS} minWidth={820} />
    </AdminPage>
  );
}
