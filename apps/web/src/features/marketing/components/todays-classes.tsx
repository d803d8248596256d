import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CalendarClass } from '@tokenly/contract/bookings';
import { formatDay, formatTime, localIsoDay } from '../../../lib/format';
import { queryClient } from '../../../lib/query-client';
import { calendarClassesQuery } from '../../booking/api/get-calendar-classes';
import classes from './home-banner.module.css';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead the card looks for the next classes when today has none left. */
const LOOKAHEAD_DAYS = 14;
const SHOWN = 3;

const TONES = ['brand', 'teal', 'grape'] as const;

/** The card's feed: today and the next two weeks. */
const todaysClassesQuery = (now: Date) =>
  calendarClassesQuery(localIsoDay(now), localIsoDay(new Date(now.getTime() + LOOKAHEAD_DAYS * DAY_MS)));

/** Starts fetching the card's classes for a page about to show it (a route's loader). */
export function prefetchTodaysClasses(): void {
  void queryClient.prefetchQuery(todaysClassesQuery(new Date()));
}

/**
 * The banner's card (issue 18): today's classes still to come, or else the next ones, from the calendar's
 * own feed, so it never says what the timetable does not.
 */
export function TodaysClasses() {
  const now = new Date();
  const today = localIsoDay(now);
  const feed = useQuery(todaysClassesQuery(now));
  const upcoming = (feed.data ?? []).filter((c) => Date.parse(c.starts_at) > now.getTime());
  const todays = upcoming.filter((c) => localIsoDay(new Date(c.starts_at)) === today);
  const shown: CalendarClass[] = (todays.length > 0 ? todays : upcoming).slice(0, SHOWN);
  const heading = todays.length > 0 || upcoming.length === 0 ? 'Today’s classes' : 'Next classes';

  let body: React.ReactNode;
  if (feed.isPending) body = <Text c="dimmed">Loading the timetable…</Text>;
  else if (feed.isError) body = <Text c="dimmed">The timetable is below.</Text>;
  else if (shown.length === 0) body = <Text c="dark.8">No classes in the next two weeks yet.</Text>;
  else {
    body = (
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {shown.map((item, index) => (
          <Group component="li" key={item.id} wrap="nowrap" gap="md" className={classes.previewRow}>
            <Text fw={800} c={`${TONES[index % TONES.length]}.9`} miw={72}>
              {todays.length > 0
                ? formatTime(item.starts_at)
                : `${formatDay(item.starts_at)}, ${formatTime(item.starts_at)}`}
            </Text>
            <div style={{ minWidth: 0 }}>
              <Text fw={600} c="dark.8" truncate>
                {item.title ?? 'No Class'}
              </Text>
              <Text fz="sm" c="dimmed">
                {item.seats_left > 0
                  ? `${item.seats_left} ${item.seats_left === 1 ? 'seat' : 'seats'} left`
                  : 'Full'}{' '}
                · {item.number_token} {item.number_token === 1 ? 'token' : 'tokens'}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    );
  }

  return (
    <Paper
      radius="lg"
      p="lg"
      shadow="xl"
      className={classes.preview}
      component="section"
      aria-labelledby="todays-classes"
    >
      <Title order={2} fz="md" fw={700} mb="md" c="dark.8" id="todays-classes">
        {heading}
      </Title>
      <div aria-live="polite">{body}</div>
    </Paper>
  );
}
