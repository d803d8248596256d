import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { waitlistPositionLabel } from '@tokenly/contract/constants';
import type { UserWaitlistEntry } from '@tokenly/contract/waitlist';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { formatDateTime } from '../../../lib/format';
import { userWaitlistQuery } from '../api/waitlist';
import { useLeaveWaitlist } from '../hooks/use-leave-waitlist';

type Place = UserWaitlistEntry & { id: number };

/** The learner's places on waitlists (issue 14), above the Class Booking List; nothing when there are none. */
export function WaitlistPlaces() {
  const places = useQuery(userWaitlistQuery());
  const leave = useLeaveWaitlist();
  const columns: Column<Place>[] = [
    { header: 'Course', cell: (p) => p.course_title ?? 'Untitled Class' },
    { header: 'Course Title', cell: (p) => p.title },
    { header: 'Date/Time', cell: (p) => formatDateTime(p.starts_at) },
    {
      header: 'Waitlist',
      cell: (p) => (
        <Badge variant="light" color="blue" c="dark.8">
          {waitlistPositionLabel(p.position)}
        </Badge>
      ),
    },
    { header: 'Closes', cell: (p) => formatDateTime(p.closes_at) },
    {
      header: 'Actions',
      cell: (p) => (
        <Button
          size="xs"
          variant="default"
          loading={leave.isPending && leave.variables === p.schedule_id}
          aria-label={`Leave waitlist of ${p.title}`}
          onClick={() => leave.mutate(p.schedule_id)}
        >
          Leave waitlist
        </Button>
      ),
    },
  ];
  return (
    <QueryState query={places} what="your waitlist places">
      {(entries) =>
        entries.length === 0 ? null : (
          <Stack gap="xs">
            <Title order={2} size="h3">
              Waitlist
            </Title>
            <Text size="sm" c="dimmed">
              When a seat frees, the first in line with enough credits is booked automatically and told by
              mail.
            </Text>
            <DataTable
              rows={entries.map((entry) => ({ ...entry, id: entry.schedule_id }))}
              columns={columns}
              what="Waitlist"
              minWidth={760}
            />
          </Stack>
        )
      }
    </QueryState>
  );
}
