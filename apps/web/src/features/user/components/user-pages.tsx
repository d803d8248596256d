import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';
import { ROUTES } from '../../../config/routes';

// Learner screens of SPEC.md section 2 with their final headings; later issues fill them in.

export function UserDashboardPage() {
  return (
    <PlaceholderPage
      title="Dashboard"
      description="Your token balance and upcoming classes will appear here."
    >
      <Group>
        <Button component={Link} to={ROUTES.payment}>
          Buy tokens
        </Button>
        <Button component={Link} to={ROUTES.home} variant="default">
          Book a class
        </Button>
      </Group>
    </PlaceholderPage>
  );
}

export function UserScheduleListPage() {
  return (
    <PlaceholderPage title="Class Booking List" description="Your booked classes will be listed here." />
  );
}

export function UserPaymentListPage() {
  return <PlaceholderPage title="Payment List" description="Your payments will be listed here." />;
}

export function UserTokenListPage() {
  return (
    <PlaceholderPage title="Tokens" description="Your tokens and their expiry dates will be listed here.">
      <Group>
        <Button component={Link} to={ROUTES.payment}>
          Buy tokens
        </Button>
      </Group>
    </PlaceholderPage>
  );
}
