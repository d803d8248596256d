import { Anchor, Text } from '@mantine/core';
import type { ContactMessage } from '@tokenly/contract/contact';
import type { Column } from '../../../components/ui/data-table';
import { formatDateTime } from '../../../lib/format';
import { useContactMessagesPage } from '../api/contact-messages';
import { AdminPage } from './admin-page';
import { PagedTable } from './paged-table';

const COLUMNS: Column<ContactMessage>[] = [
  { header: 'Received', cell: (row) => formatDateTime(row.created_at) },
  {
    header: 'From',
    cell: (row) => (
      <>
        <Text size="sm">{row.name}</Text>
        <Anchor href={`mailto:${row.email}`} size="sm">
          {row.email}
        </Anchor>
        {row.phone ? <Text size="sm">{row.phone}</Text> : null}
      </>
    ),
  },
  { header: 'Course interest', cell: (row) => row.course },
  // The whole message, line breaks kept: it is what the school answers.
  { header: 'Message', cell: (row) => <Text style={{ whiteSpace: 'pre-wrap' }}>{row.message}</Text> },
];

/** Enquiries from the home page's contact form, newest first (each is also mailed to the school). */
export function AdminContactMessagesPage() {
  return (
    <AdminPage title="Messages">
      <PagedTable usePage={useContactMessagesPage} what="Messages" columns={COLUMNS} minWidth={820} />
    </AdminPage>
  );
}
