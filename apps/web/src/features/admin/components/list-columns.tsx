import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import type { Column } from '../../../components/ui/data-table';

/** The Edit column of the admin lists: a link named after its row, so screen readers can tell them apart. */
export function editColumn<T>(to: (row: T) => string, name: (row: T) => string): Column<T> {
  return {
    header: 'Edit',
    cell: (row) => (
      <Anchor component={Link} to={to(row)} aria-label={`Edit ${name(row)}`}>
        Edit
      </Anchor>
    ),
  };
}

/** On or off; the dark shades keep white text above 4.5:1. */
export function StatusBadge({ active, label }: { active: boolean; label: string }) {
  return (
    <Badge color={active ? 'teal.9' : 'gray.8'} variant="filled">
      {active ? label : 'Inactive'}
    </Badge>
  );
}
