import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { CalendarClass } from '@tokenly/contract/bookings';
import { LEVELS } from '@tokenly/contract/constants';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '../../../config/routes';
import { formatDay, formatTime, localIsoDay, viewerTimeZone } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { calendarClassesQuery } from '../../booking/api/get-calendar-classes';
import { ClassActions } from '../../booking/components/class-actions';
import { ClassBadges } from '../../booking/components/class-badges';
import { levelLabel } from '../level-label';
import { WeekGrid } from './week-grid';

/** Where seven day columns still fit a class's title and button; below it, the agenda list only. */
const WIDE = '(min-width: 62em)';

// Hours of the viewer's day each choice covers.
const TIMES_OF_DAY = {
  morning: { label: 'Morning (before 12:00)', from: 0, to: 12 },
  afternoon: { label: 'Afternoon (12:00 to 17:00)', from: 12, to: 17 },
  evening: { label: 'Evening (from 17:00)', from: 17, to: 24 },
} as const;
type TimeOfDay = keyof typeof TIMES_OF_DAY;
const isTimeOfDay = (value: string | null): value is TimeOfDay => value !== null && value in TIMES_OF_DAY;

/** Monday of the week holding `date`, at the viewer's midnight (SPEC.md: weeks start on Monday). */
function mondayOf(date: Date): Date {
  const monday = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return monday;
}

function parseWeek(value: string | null): Date {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return mondayOf(new Date());
  return mondayOf(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

const addDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** A class in the agenda list, or `compact` in a day column of the week view. */
function ClassRow({ item, compact = false }: { item: CalendarClass; compact?: boolean }) {
  const start = new Date(item.starts_at);
  const end = new Date(start.getTime() + item.duration_min * 60_000);
  const colour = `${compact ? 4 : 6}px solid ${item.course_color ?? '#FFFFFF'}`;
  return (
    <Paper
      component="li"
      withBorder
      radius={compact ? 'sm' : 'md'}
      p={compact ? 6 : 'sm'}
      style={compact ? { borderTop: colour, overflowWrap: 'anywhere' } : { borderLeft: colour }}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={700}>
            {formatTime(start)} to {formatTime(end)}
          </Text>
          <Anchor component={Link} to={ROUTES.classPage(item.id)} fw={600} c="dark.9" display="block">
            {item.title ?? 'No Class'}
          </Anchor>
          <Text size="sm" c="dimmed">
            {item.course_title ?? 'Untitled Class'} · {levelLabel(item.course_level)}
            {item.teacher_name && ` · with ${item.teacher_name}`}
          </Text>
          {item.course_description && (
            <Text size="sm" lineClamp={compact ? 3 : undefined}>
              {item.course_description}
            </Text>
          )}
          <Box mt={4}>
            <ClassBadges item={item} />
          </Box>
        </div>
        <ClassActions item={item} size="xs" />
      </Group>
    </Paper>
  );
}

/**
 * /timetable (issue 18): a week of classes, as a grid of days or an agenda list (always the list on a
 * phone), paged by week, filtered by class type, teacher (issue 13), level and time of day; the week, the
 * view and the filters live in the URL, so a filtered view can be shared.
 */
export function TimetablePage() {
  usePageTitle('Timetable');
  const [params, setParams] = useSearchParams();
  const monday = parseWeek(params.get('week'));
  const sunday = addDays(monday, 6);
  const type = params.get('type') ?? '';
  const time = params.get('time');
  const level = params.get('level') ?? '';
  const teacher = params.get('teacher') ?? '';
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  const view = wide && params.get('view') !== 'list' ? 'week' : 'list';
  const week = useQuery(calendarClassesQuery(localIsoDay(monday), localIsoDay(sunday)));

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: false },
    );

  const all = week.data ?? [];
  const types = new Map(all.map((c) => [String(c.course_id), c.course_title ?? 'Untitled Class']));
  if (type && !types.has(type)) types.set(type, 'The chosen type (none this week)');
  const teachers = new Map(
    all.flatMap((c) =>
      c.teacher_id === null ? [] : [[String(c.teacher_id), c.teacher_name ?? 'Teacher'] as const],
    ),
  );
  if (teacher && !teachers.has(teacher)) teachers.set(teacher, 'The chosen teacher (none this week)');
  const shown = all.filter((c) => {
    if (type && String(c.course_id) !== type) return false;
    if (teacher && String(c.teacher_id) !== teacher) return false;
    // A class for all levels suits every level.
    if (level && c.course_level !== null && String(c.course_level) !== level) return false;
    if (isTimeOfDay(time)) {
      const hour = new Date(c.starts_at).getHours();
      if (hour < TIMES_OF_DAY[time].from || hour >= TIMES_OF_DAY[time].to) return false;
    }
    return true;
  });
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const zone = viewerTimeZone();

  return (
    <Container size={view === 'week' ? 'xl' : undefined} py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>Timetable</Title>
          <Text c="dimmed">Times are in your time zone, {zone}.</Text>
        </div>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Class type"
            value={type}
            onChange={(event) => update({ type: event.currentTarget.value })}
            data={[
              { value: '', label: 'All types' },
              ...[...types].map(([value, label]) => ({ value, label })),
            ]}
          />
          <NativeSelect
            label="Teacher"
            value={teacher}
            onChange={(event) => update({ teacher: event.currentTarget.value })}
            data={[
              { value: '', label: 'All teachers' },
              ...[...teachers].map(([value, label]) => ({ value, label })),
            ]}
          />
          <NativeSelect
            label="Level"
            value={level}
            onChange={(event) => update({ level: event.currentTarget.value })}
            data={[
              { value: '', label: 'Any level' },
              ...LEVELS.map((found) => ({ value: String(found.value), label: found.label })),
            ]}
          />
          <NativeSelect
            label="Time of day"
            value={isTimeOfDay(time) ? time : ''}
            onChange={(event) => update({ time: event.currentTarget.value })}
            data={[
              { value: '', label: 'Any time' },
              ...Object.entries(TIMES_OF_DAY).map(([value, { label }]) => ({ value, label })),
            ]}
          />
        </Group>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h3">
            Week of {formatDay(monday)} to {formatDay(sunday)}
          </Title>
          <Group gap="xs">
            <Button variant="default" onClick={() => update({ week: localIsoDay(addDays(monday, -7)) })}>
              Previous week
            </Button>
            <Button variant="default" onClick={() => update({ week: null })}>
              This week
            </Button>
            <Button variant="default" onClick={() => update({ week: localIsoDay(addDays(monday, 7)) })}>
              Next week
            </Button>
          </Group>
        </Group>
        {wide && (
          <SegmentedControl
            w="fit-content"
            aria-label="View"
            value={view}
            onChange={(value) => update({ view: value === 'list' ? 'list' : null })}
            data={[
              { value: 'week', label: 'Week view' },
              { value: 'list', label: 'List view' },
            ]}
          />
        )}
        {week.isPending && <Text aria-live="polite">Loading the timetable…</Text>}
        {week.isError && <Text role="alert">We could not load the timetable. Please try again.</Text>}
        {week.isSuccess && shown.length === 0 && <Text>No classes match this week.</Text>}
        {week.isSuccess && shown.length > 0 && view === 'week' && (
          <WeekGrid days={days} shown={shown}>
            {(item) => <ClassRow item={item} compact />}
          </WeekGrid>
        )}
        {view === 'list' &&
          days.map((day) => {
            const classes = shown.filter((c) => localIsoDay(new Date(c.starts_at)) === localIsoDay(day));
            if (classes.length === 0) return null;
            return (
              <section key={day.toISOString()} aria-labelledby={`day-${localIsoDay(day)}`}>
                <Title order={3} size="h4" mb="xs" id={`day-${localIsoDay(day)}`}>
                  {formatDay(day)}
                </Title>
                <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {classes.map((item) => (
                    <ClassRow key={item.id} item={item} />
                  ))}
                </Stack>
              </section>
            );
          })}
      </Stack>
    </Container>
  );
}
