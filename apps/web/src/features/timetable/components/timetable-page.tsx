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
import { CEFR_LEVELS, type CefrLevel, levelFits } from '@tokenly/contract/cefr';
import type { MessageKey } from '@tokenly/i18n/keys';
import { Link } from 'react-router';
import { ROUTES } from '../../../config/routes';
import { formatDateTime, formatDay, formatTime, localIsoDay, viewerTimeZone } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { useStartingLevelFilter } from '../../../lib/school-query';
import { useSearchParamsUpdate } from '../../../lib/search-params';
import { isLearner, useSession } from '../../../lib/session';
import { calendarClassesQuery, timetableOptionsQuery } from '../../booking/api/get-calendar-classes';
import { ClassActions } from '../../booking/components/class-actions';
import { ClassBadges } from '../../booking/components/class-badges';
import { LEVEL_NAMES, rangeText } from '../../levels/level-labels';
import { ClosedDaysNotice } from './closed-days-notice';
import { WeekGrid } from './week-grid';

/** Where seven day columns still fit a class's title and button; below it, the agenda list only. */
const WIDE = '(min-width: 62em)';

// Hours of the viewer's day each choice covers.
const TIMES_OF_DAY = {
  morning: { label: 'timetable.filter.morning', from: 0, to: 12 },
  afternoon: { label: 'timetable.filter.afternoon', from: 12, to: 17 },
  evening: { label: 'timetable.filter.evening', from: 17, to: 24 },
} as const satisfies Record<string, { label: MessageKey; from: number; to: number }>;
type TimeOfDay = keyof typeof TIMES_OF_DAY;
const isTimeOfDay = (value: string | null): value is TimeOfDay => value !== null && value in TIMES_OF_DAY;

/** Monday of the week holding `date`, at the viewer's midnight (SPEC.md: weeks start on Monday). */
function mondayOf(date: Date): Date {
  const monday = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return monday;
}

function parseWeek(value: string | null): Date | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  return mondayOf(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

const addDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** A class in the agenda list, or `compact` in a day column of the week view. */
function ClassRow({ item, compact = false }: { item: CalendarClass; compact?: boolean }) {
  const t = useT();
  const start = new Date(item.starts_at);
  const end = new Date(start.getTime() + item.duration_min * 60_000);
  const colour = `${compact ? 4 : 6}px solid ${item.course_color ?? '#FFFFFF'}`;
  const summary = {
    type: item.course_title ?? t('timetable.class.untitledType'),
    level: rangeText(t, item),
  };
  return (
    <Paper
      component="li"
      withBorder
      radius={compact ? 'sm' : 'md'}
      p={compact ? 6 : 'sm'}
      style={compact ? { borderTop: colour, overflowWrap: 'anywhere' } : { borderInlineStart: colour }}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={700}>
            {t('timetable.class.time', { start: formatTime(start), end: formatTime(end) })}
          </Text>
          <Anchor component={Link} to={ROUTES.classPage(item.id)} fw={600} c="dark.9" display="block">
            {item.title ?? t('timetable.class.noTitle')}
          </Anchor>
          <Text size="sm" c="dimmed">
            {item.teacher_name
              ? t('timetable.class.summaryWithTeacher', { ...summary, teacher: item.teacher_name })
              : t('timetable.class.summary', summary)}
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
 * /timetable: a week of classes, as a grid of days or an agenda list (always the list on a
 * phone), paged by week, filtered by class type, teacher, level and time of day; the week, the
 * view and the filters live in the URL, so a filtered view can be shared. Without a week in the URL it
 * opens on the week of the next class, so a Saturday visitor sees Monday's classes rather than an empty
 * week, and says so; the filters offer every type and teacher of the school, not only the week's.
 */
export function TimetablePage() {
  const t = useT();
  usePageTitle(t('timetable.title'));
  const session = useSession();
  const [params, updateParams] = useSearchParamsUpdate();
  const options = useQuery(timetableOptionsQuery());
  const thisMonday = mondayOf(new Date());
  const asked = parseWeek(params.get('week'));
  const nextClass = options.data?.next_class_at ? new Date(options.data.next_class_at) : null;
  const nextMonday = nextClass ? mondayOf(nextClass) : null;
  // This week has no class left: the first week that has one.
  const opensLater = asked === null && nextMonday !== null && nextMonday > thisMonday;
  const monday = asked ?? (opensLater && nextMonday ? nextMonday : thisMonday);
  const sunday = addDays(monday, 6);
  const type = params.get('type') ?? '';
  const time = params.get('time');
  // A learner with a level sees the classes for it unless they chose otherwise (level=all: every level).
  const myLevel = isLearner(session) ? (session.userData?.cefr_level ?? null) : null;
  const levelParam = params.get('level');
  const asLevel = (value: string | null): CefrLevel | null =>
    CEFR_LEVELS.find((found) => found === value) ?? null;
  const startingLevel = useStartingLevelFilter();
  const level = levelParam === null ? startingLevel : asLevel(levelParam);
  const teacher = params.get('teacher') ?? '';
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  const view = wide && params.get('view') !== 'list' ? 'week' : 'list';
  // Without a week asked for, which week to show waits for the next class's date (or its failure).
  const week = useQuery({
    ...calendarClassesQuery(localIsoDay(monday), localIsoDay(sunday)),
    enabled: asked !== null || !options.isPending,
  });

  const update = (changes: Record<string, string | null>) =>
    updateParams((next) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
    });

  const all = week.data ?? [];
  // Every type and teacher of the school, then any of the week's the school no longer offers.
  const types = new Map(options.data?.types.map((found) => [String(found.id), found.title]));
  for (const c of all) {
    if (!types.has(String(c.course_id)))
      types.set(String(c.course_id), c.course_title ?? t('timetable.class.untitledType'));
  }
  if (type && !types.has(type)) types.set(type, t('timetable.filter.chosenType'));
  const teachers = new Map(options.data?.teachers.map((found) => [String(found.id), found.name]));
  for (const c of all) {
    if (c.teacher_id !== null && !teachers.has(String(c.teacher_id)))
      teachers.set(String(c.teacher_id), c.teacher_name ?? t('timetable.class.unnamedTeacher'));
  }
  if (teacher && !teachers.has(teacher)) teachers.set(teacher, t('timetable.filter.chosenTeacher'));
  const shown = all.filter((c) => {
    if (type && String(c.course_id) !== type) return false;
    if (teacher && String(c.teacher_id) !== teacher) return false;
    // A class for all levels suits every level.
    if (!levelFits(level, c)) return false;
    if (isTimeOfDay(time)) {
      const hour = new Date(c.starts_at).getHours();
      const { from, to } = TIMES_OF_DAY[time];
      if (hour < from || hour >= to) return false;
    }
    return true;
  });
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const zone = viewerTimeZone();

  return (
    <Container size={view === 'week' ? 'xl' : undefined} py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('timetable.title')}</Title>
          <Text c="dimmed">{t('timetable.timeZone', { zone })}</Text>
        </div>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('timetable.filter.type')}
            value={type}
            onChange={(event) => update({ type: event.currentTarget.value })}
            data={[
              { value: '', label: t('timetable.filter.allTypes') },
              ...[...types].map(([value, label]) => ({ value, label })),
            ]}
          />
          <NativeSelect
            label={t('timetable.filter.teacher')}
            value={teacher}
            onChange={(event) => update({ teacher: event.currentTarget.value })}
            data={[
              { value: '', label: t('timetable.filter.allTeachers') },
              ...[...teachers].map(([value, label]) => ({ value, label })),
            ]}
          />
          <NativeSelect
            label={t('timetable.filter.level')}
            value={level ?? 'all'}
            onChange={(event) => update({ level: event.currentTarget.value })}
            data={[
              { value: 'all', label: t('timetable.filter.anyLevel') },
              ...CEFR_LEVELS.map((found) => ({
                value: found,
                label:
                  found === myLevel
                    ? t('timetable.filter.myLevel', { level: t(LEVEL_NAMES[found]) })
                    : t(LEVEL_NAMES[found]),
              })),
            ]}
          />
          <NativeSelect
            label={t('timetable.filter.time')}
            value={isTimeOfDay(time) ? time : ''}
            onChange={(event) => update({ time: event.currentTarget.value })}
            data={[
              { value: '', label: t('timetable.filter.anyTime') },
              ...Object.entries(TIMES_OF_DAY).map(([value, { label }]) => ({ value, label: t(label) })),
            ]}
          />
        </Group>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h3">
            {t('timetable.week.title', { from: formatDay(monday), to: formatDay(sunday) })}
          </Title>
          <Group gap="xs">
            <Button variant="default" onClick={() => update({ week: localIsoDay(addDays(monday, -7)) })}>
              {t('timetable.week.previous')}
            </Button>
            <Button variant="default" onClick={() => update({ week: localIsoDay(thisMonday) })}>
              {t('timetable.week.current')}
            </Button>
            <Button variant="default" onClick={() => update({ week: localIsoDay(addDays(monday, 7)) })}>
              {t('timetable.week.next')}
            </Button>
          </Group>
        </Group>
        {wide && (
          <SegmentedControl
            w="fit-content"
            aria-label={t('timetable.view.label')}
            value={view}
            onChange={(value) => update({ view: value === 'list' ? 'list' : null })}
            data={[
              { value: 'week', label: t('timetable.view.week') },
              { value: 'list', label: t('timetable.view.list') },
            ]}
          />
        )}
        {opensLater && nextClass && (
          <Text role="status">{t('timetable.next.opened', { dateTime: formatDateTime(nextClass) })}</Text>
        )}
        <ClosedDaysNotice from={localIsoDay(monday)} to={localIsoDay(sunday)} />
        {week.isPending && <Text aria-live="polite">{t('timetable.loading')}</Text>}
        {week.isError && <Text role="alert">{t('timetable.failed')}</Text>}
        {week.isSuccess && shown.length === 0 && (
          <div>
            <Text>{t('timetable.empty')}</Text>
            {/* The school's next class is after this week: say when, and offer its week. */}
            {nextClass && nextMonday && nextMonday > monday && (
              <Group gap="sm" mt="xs" wrap="wrap">
                <Text>{t('timetable.next.when', { dateTime: formatDateTime(nextClass) })}</Text>
                <Button variant="default" onClick={() => update({ week: localIsoDay(nextMonday) })}>
                  {t('timetable.next.go')}
                </Button>
              </Group>
            )}
          </div>
        )}
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
