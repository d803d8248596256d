import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Dashboard, UpcomingClass } from '@tokenly/contract/dashboard';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { LevelSuggestionsSection } from '../../levels/components/level-suggestions-section';
import { useDashboard } from '../api/dashboard';
import { AdminPage } from './admin-page';

// SPEC.md "Admin dashboard": the five cards with SPEC.md's labels, backed by real figures, and the
// learners waiting for a seat.
const CARDS: { label: string; hint: string; value: (data: Dashboard) => string }[] = [
  {
    label: 'Total Users',
    hint: 'Registered learners',
    value: (data) =>
      data.total_users_is_estimate
        ? `about ${data.total_users.toLocaleString('en-US')}`
        : String(data.total_users),
  },
  {
    label: 'Active Teachers',
    hint: 'Teaching upcoming classes',
    value: (data) => String(data.active_teachers),
  },
  {
    label: 'Booking This week',
    hint: 'Seats booked, Monday to Sunday',
    value: (data) => String(data.bookings_this_week),
  },
  { label: 'Token Sales', hint: 'Paid this month', value: (data) => formatUsd(data.token_sales) },
  {
    label: 'Upcoming Sales',
    hint: 'Next subscription renewals',
    value: (data) => formatUsd(data.upcoming_sales),
  },
  { label: 'Waitlisted', hint: 'Waiting for a seat', value: (data) => String(data.waitlisted) },
  {
    label: 'Club passes',
    hint: 'Learners with a running Club pass',
    value: (data) => String(data.club_passes),
  },
  {
    label: 'Club revenue',
    hint: 'Club plan payments this month',
    value: (data) => formatUsd(data.club_revenue),
  },
];

const COLUMNS: Column<UpcomingClass>[] = [
  { header: 'Title', cell: (row) => <Text fw={600}>{row.title}</Text> },
  { header: 'Time', cell: (row) => formatDateTime(row.starts_at) },
  { header: 'Teacher', cell: (row) => row.teacher_name ?? '—' },
  { header: 'Students', cell: (row) => `${row.seats_taken}/${row.no_of_users}` },
  {
    header: 'Actions',
    cell: (row) => (
      <Group gap="sm" wrap="nowrap">
        <Anchor component={Link} to={ROUTES.adminScheduleView(row.id)} aria-label={`View ${row.title}`}>
          View
        </Anchor>
        <Anchor component={Link} to={ROUTES.adminScheduleEdit(row.id)} aria-label={`Edit ${row.title}`}>
          Edit
        </Anchor>
      </Group>
    ),
  },
];

export function AdminDashboardPage() {
  const dashboard = useDashboard();
  return (
    <AdminPage title="Dashboard">
      <QueryState query={dashboard} what="the dashboard">
        {(data) => (
          <Stack gap="xl">
            <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="md">
              {CARDS.map((card) => (
                <Paper key={card.label} withBorder radius="lg" p="md">
                  <Text size="sm" c="dimmed" fw={600}>
                    {card.label}
                  </Text>
                  <Text fz={28} fw={700}>
                    {card.value(data)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {card.hint}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
            <Stack gap="sm">
              <Title order={2} fz="xl">
                Upcoming Classes
              </Title>
              <DataTable rows={data.upcoming_classes} columns={COLUMNS} what="Upcoming classes" />
            </Stack>
            <LevelSuggestionsSection />
          </Stack>
        )}
      </QueryState>
    </AdminPage>
  );
}
