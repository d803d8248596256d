import { Text } from '@mantine/core';
import type { Course } from '@tokenly/contract/courses';
import type { Column } from '../../../components/ui/data-table';
import { ROUTES } from '../../../config/routes';
import { useCoursePage } from '../api/courses';
import { AdminPage } from './admin-page';
import { ColorSwatch } from './color-swatch';
import { editColumn, StatusBadge } from './list-columns';
import { PagedTable } from './paged-table';

const COLUMNS: Column<Course>[] = [
  { header: 'Title', cell: (row) => <Text fw={600}>{row.course_title}</Text> },
  { header: 'Color', cell: (row) => <ColorSwatch color={row.course_color} /> },
  { header: 'Tokens', cell: (row) => row.number_token },
  { header: 'Status', cell: (row) => <StatusBadge active={row.status === '1'} label="Active" /> },
  editColumn(
    (row) => ROUTES.adminClassEdit(row.id),
    (row) => row.course_title,
  ),
];

/** SPEC.md "Class type list (titled Type)". */
export function AdminClassListPage() {
  return (
    <AdminPage title="Type" action={{ label: 'Add Type', to: ROUTES.adminClassAdd }}>
      <PagedTable usePage={useCoursePage} what="Class types" columns={COLUMNS} minWidth={560} />
    </AdminPage>
  );
}
