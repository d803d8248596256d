import { Text } from '@mantine/core';
import type { LedgerRow } from '@tokenly/contract/credits';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { formatDateTime } from '../../../lib/format';

/** What a movement was, in words: the class of a booking, the plan of a payment, the admin's reason. */
export function describeMovement(row: LedgerRow): string {
  const about = (label: string, subject: string | null) => (subject ? `${label}: ${subject}` : label);
  const lesson = row.class_title
    ? `${row.class_title}${row.class_time ? `, ${formatDateTime(row.class_time)}` : ''}`
    : null;
  switch (row.reason) {
    case 'purchase':
      return about('Purchase', row.plan_title);
    case 'subscription':
      return about('Membership', row.plan_title);
    case 'grant':
      return 'Credits granted';
    case 'booking':
      return about('Booked', lesson);
    case 'refund':
      return about('Refunded', lesson);
    case 'expiry':
      return 'Expired';
    case 'adjustment':
      return about('Adjusted by the school', row.note);
    case 'clawback':
      return about(`Payment refunded${row.plan_title ? ` (${row.plan_title})` : ''}`, row.note);
    case 'late_cancel':
      return about('Cancelled late, credits kept', lesson);
    case 'transfer':
      return 'Moved to a lot of their own';
    case 'waiver':
      return `${about('Given back by the school', lesson)}${row.note ? ` (${row.note})` : ''}`;
  }
}

const COLUMNS: Column<LedgerRow>[] = [
  { header: 'Date', cell: (row) => formatDateTime(row.created_at) },
  {
    header: 'Change',
    cell: (row) => (
      // A late cancel moves nothing (issue 13): its 0 is neither a gain nor a loss.
      <Text fw={600} c={row.delta > 0 ? 'teal.9' : row.delta < 0 ? 'red.9' : 'dimmed'}>
        {row.delta > 0 ? `+${row.delta}` : row.delta}
      </Text>
    ),
  },
  { header: 'What', cell: describeMovement },
];

/** Credit movements, newest first: the learner's credits page and the admin's learner page. */
export function LedgerTable({ rows, what = 'Credit movements' }: { rows: LedgerRow[]; what?: string }) {
  return <DataTable rows={rows} columns={COLUMNS} what={what} minWidth={480} />;
}
