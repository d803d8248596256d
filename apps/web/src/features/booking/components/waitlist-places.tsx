import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { UserWaitlistEntry } from '@tokenly/contract/waitlist';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { userWaitlistQuery } from '../api/waitlist';
import { useLeaveWaitlist } from '../hooks/use-leave-waitlist';

type Place = UserWaitlistEntry & { id: number };

/** The learner's places on waitlists, above the Class Booking List; nothing when there are none. */
export function WaitlistPlaces() {
  const t = useT();
  const places = useQuery(userWaitlistQuery());
  const leave = useLeaveWaitlist();
  const columns: Column<Place>[] = [
    { header: t('booking.places.course'), cell: (p) => p.course_title ?? t('booking.class.untitled') },
    { header: t('booking.places.title'), cell: (p) => p.title },
    { header: t('booking.places.dateTime'), cell: (p) => formatDateTime(p.starts_at) },
    {
      header: t('booking.places.heading'),
      cell: (p) => (
        <Badge variant="light" color="blue" c="dark.8">
          {t('booking.waitlist.position', { position: p.position })}
        </Badge>
      ),
    },
    { header: t('booking.places.closes'), cell: (p) => formatDateTime(p.closes_at) },
    {
      header: t('booking.places.actions'),
      cell: (p) => (
        <Button
          size="xs"
          variant="default"
          loading={leave.isPending && leave.variables === p.schedule_id}
          aria-label={t('booking.waitlist.leaveOf', { title: p.title })}
          onClick={() => leave.mutate(p.schedule_id)}
        >
          {t('booking.waitlist.leave')}
        </Button>
      ),
    },
  ];
  return (
    <QueryState query={places} what={t('booking.places.loading')}>
      {(entries) =>
        entries.length === 0 ? null : (
          <Stack gap="xs">
            <Title order={2} size="h3">
              {t('booking.places.heading')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('booking.places.intro')}
            </Text>
            <DataTable
              rows={entries.map((entry) => ({ ...entry, id: entry.schedule_id }))}
              columns={columns}
              what={t('booking.places.heading')}
              minWidth={760}
            />
          </Stack>
        )
      }
    </QueryState>
  );
}
