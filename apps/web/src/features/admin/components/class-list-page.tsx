import { Anchor, Badge, Text } from '@mantine/core';
import type { Course } from '@tokenly/contract/courses';
import { Link } from 'react-router';
import { ROUTES } from '../../../config/routes';
import { useCoursePage } from '../api/courses';
import { AdminPage } from './admin-page';
import { ColorSwatch } from './color-swatch';
import type { Column } from './data-table';
import { PagedTable } from './paged-table';

const COLUMNS: Column<Course>[] = [
  { header: 'Title', cell: (row) => <Text fw={600}>{row.course_title}</Text> },
  { header: 'Color', cell: (row) => <ColorSwatch color={row.course_color} /> },
  { header: 'Tokens', cell: (row) => row.number_token },
  {
    header: 'Status',
    cell: (row) =>
      row.status === '1' ? (
        <Badge color="teal.9" variant="filled">
          Active
        </Badge>
      ) : (
        <Badge color="gray.8" variant="filled">
          Inactive
        </Badge>
      ),
  },
  {
    header: 'Edit',
    cell: (row) => (
      <Anchor component={Link} to={ROUTES.adminClassEdit(row.id)} aria-label={`Edit ${row.course_title}`}>
        Edit
      </Anchor>
    ),
  },
];

/** SPEC.md "Class type list (titled Type)". */
export function AdminClassListPage() {
  return (
    <AdminPage title="Type" action={{ label: 'Add Type', to: ROUTES.adminClassAdd }}>
      <PagedTable usePage={useCoursePage} what="Class types" columns={COLUMNS} minWidth={560} />
    </AdminPage>
  );
}
