import { Button, Group } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';
import { ROUTES } from '../../../config/routes';

// Admin screens of SPEC.md section 2 with their final headings; the issues that build each screen
// replace these placeholders one by one.

export function AdminDashboardPage() {
  return (
    <PlaceholderPage
      title="Dashboard"
      description="Totals, token sales and upcoming classes will appear here."
    />
  );
}

export function AdminClassListPage() {
  return (
    <PlaceholderPage title="Type" description="Class types will be listed here.">
      <Group>
        <Button component={Link} to={ROUTES.adminClassAdd}>
          Add Type
        </Button>
      </Group>
    </PlaceholderPage>
  );
}

export function AdminClassAddPage() {
  return <PlaceholderPage title="Add Type" />;
}

export function AdminClassEditPage() {
  const { id } = useParams();
  return <PlaceholderPage title="Edit Type" description={`Class type #${id ?? ''} will be editable here.`} />;
}

export function AdminScheduleListPage() {
  return (
    <PlaceholderPage title="Schedule Class List" description="Scheduled classes will be listed here.">
      <Group>
        <Button component={Link} to={ROUTES.adminScheduleAdd}>
          Add Schedule Class
        </Button>
      </Group>
    </PlaceholderPage>
  );
}

export function AdminScheduleAddPage() {
  return <PlaceholderPage title="Add Schedule Class" />;
}

export function AdminScheduleEditPage() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      title="Edit Schedule Class"
      description={`Scheduled class #${id ?? ''} will be editable here.`}
    />
  );
}

export function AdminStudentsListPage() {
  return <PlaceholderPage title="Students" description="Registered learners will be listed here." />;
}

export function AdminUserListPage() {
  return <PlaceholderPage title="Admins" description="Administrators will be listed here." />;
}

// SPEC.md: the token list is headed 'Class Schedule List'.
export function AdminTokenListPage() {
  return <PlaceholderPage title="Class Schedule List" description="Token plans will be listed here." />;
}

export function AdminTokenEditPage() {
  const { id } = useParams();
  return (
    <PlaceholderPage title="Edit Token" description={`Token plan #${id ?? ''} will be editable here.`} />
  );
}

export function AdminPaymentListPage() {
  return <PlaceholderPage title="Payments" description="Payments of all learners will be listed here." />;
}
