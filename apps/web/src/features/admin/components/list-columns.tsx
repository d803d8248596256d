import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import type { Column } from '../../../components/ui/data-table';

/** A column of links named after their row ("Edit Small Talk Lab"), so screen readers can tell them apart. */
function linkColumn<T>(label: 'Edit' | 'View', to: (row: T) => string, name: (row: T) => string): Column<T> {
  return {
    header: label,
    cell: (row) => (
      <Anchor component={Link} to={to(row)} aria-label={`${label} ${name(row)}`}>
        {label}
      </Anchor>
    ),
  };
}

/** The Edit column of the admin lists. */
export const editColumn = <T,>(to: (row: T) => string, name: (row: T) => string) =>
  linkColumn('Edit', to, name);

/** The View column of the class list: the class screen. */
export const viewColumn = <T,>(to: (row: T) => string, name: (row: T) => string) =>
  linkColumn('View', to, name);

/** On or off; the dark shades keep white text above 4.5:1. */
export function StatusBadge({ active, label }: { active: boolean; label: string }) {
  return (
    <Badge color={active ? 'teal.9' : 'gray.8'} variant="filled">
      {active ? label : 'Inactive'}
    </Badge>
  );
}
