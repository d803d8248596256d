import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CalendarClass } from '@tokenly/contract/bookings';
import { Link } from 'react-router';
import { ROUTES } from '../../../config/routes';
import { formatDay, formatTime, localIsoDay } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { upcomingClassesQuery } from '../../booking/api/get-calendar-classes';
import classes from './home-banner.module.css';

const TONES = ['brand', 'teal', 'grape'] as const;

/**
 * The banner's card: today's classes still to come, or else the next ones, at most three. They
 * come from `upcoming-classes`, the calendar feed's own items, so it never says what the timetable does
 * not; that call names no days, so the page's HTML asks for it beside the code.
 */
export function TodaysClasses() {
  const t = useT();
  const now = new Date();
  const today = localIsoDay(now);
  const feed = useQuery(upcomingClassesQuery());
  const upcoming = (feed.data ?? []).filter((c) => Date.parse(c.starts_at) > now.getTime());
  const todays = upcoming.filter((c) => localIsoDay(new Date(c.starts_at)) === today);
  const shown: CalendarClass[] = todays.length > 0 ? todays : upcoming;
  const heading =
    todays.length > 0 || upcoming.length === 0 ? t('marketing.today.title') : t('marketing.today.nextTitle');

  let body: React.ReactNode;
  if (feed.isPending) body = <Text c="dimmed">{t('marketing.today.loading')}</Text>;
  else if (feed.isError) body = <Text c="dimmed">{t('marketing.today.failed')}</Text>;
  else if (shown.length === 0) body = <Text c="dark.8">{t('marketing.today.none')}</Text>;
  else {
    body = (
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {shown.map((item, index) => (
          <Group component="li" key={item.id} wrap="nowrap" gap="md" className={classes.previewRow}>
            <Text fw={800} c={`${TONES[index % TONES.length]}.9`} miw={72}>
              {todays.length > 0
                ? formatTime(item.starts_at)
                : t('marketing.today.dayAndTime', {
                    day: formatDay(item.starts_at),
                    time: formatTime(item.starts_at),
                  })}
            </Text>
            <div style={{ minWidth: 0 }}>
              {/* The school's own words, in their own direction, whole (wrapped, never cut): the class's page. */}
              <Anchor
                component={Link}
                to={ROUTES.classPage(item.id)}
                fw={600}
                c="dark.8"
                dir="auto"
                display="block"
                style={{ overflowWrap: 'anywhere' }}
              >
                {item.title ?? t('timetable.class.noTitle')}
              </Anchor>
              <Text fz="sm" c="dimmed">
                {t('marketing.today.seatsAndTokens', {
                  seats: Math.max(item.seats_left, 0),
                  tokens: item.number_token,
                })}
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
