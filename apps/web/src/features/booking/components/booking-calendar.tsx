import FullCalendar, { type DateClickInfo, type DatesSetInfo, joinClassNames } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicTheme from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import {
  Anchor,
  Box,
  Button,
  Card,
  Checkbox,
  Modal,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { CalendarClass } from '@tokenly/contract/bookings';
import { levelFits } from '@tokenly/contract/cefr';
import { LOCALE_INFO } from '@tokenly/i18n/locales';
import { use, useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../../config/routes';
import { formatDate, formatDateTime, formatTime, localIsoDay } from '../../../lib/format';
import { currentLocale, useT } from '../../../lib/i18n';
import { readableTextColor } from '../../../lib/readable-text-color';
import { useStartingLevelFilter } from '../../../lib/school-query';
import { calendarClassesQuery, getClassesOnDate } from '../api/get-calendar-classes';
import { loadCalendarLocale } from '../utils/calendar-locale';
import classes from './booking-calendar.module.css';
import { ClassActions } from './class-actions';
import { ClassBadges } from './class-badges';

/** As the calendar's own small-screen styles: a phone held upright. */
const NARROW = '(max-width: 30em)';

const sameDay = (a: Date, b: Date) => localIsoDay(a) === localIsoDay(b);

/** A day's classes as cards: in the dialog on a wide screen, below the month on a phone. */
function DayClasses({ classes: all, onLeft }: { classes: CalendarClass[]; onLeft: () => void }) {
  const t = useT();
  // A learner with a level sees the classes for it first; one click shows the day's others.
  const myLevel = useStartingLevelFilter();
  const [onlyMine, setOnlyMine] = useState(true);
  const list = myLevel && onlyMine ? all.filter((c) => levelFits(myLevel, c)) : all;
  const filter = myLevel ? (
    <Checkbox
      key="level-filter"
      checked={onlyMine}
      onChange={(event) => setOnlyMine(event.currentTarget.checked)}
      label={t('booking.day.onlyMyLevel', { level: myLevel })}
    />
  ) : null;
  if (list.length === 0)
    return (
      <>
        {filter}
        <Text>{all.length > 0 ? t('booking.day.noneAtMyLevel') : t('booking.day.empty')}</Text>
      </>
    );
  return [
    filter,
    ...list.map((c) => (
      <Card
        key={c.id}
        withBorder
        padding="sm"
        style={{ borderInlineStart: `6px solid ${c.course_color ?? '#FFFFFF'}` }}
      >
        <Text fw={700}>{c.course_title ?? t('booking.class.untitled')}</Text>
        <Text>{c.title ?? t('booking.class.noClass')}</Text>
        <Text size="sm">{formatDateTime(c.starts_at)}</Text>
        {c.teacher_name && <Text size="sm">{t('booking.day.teacher', { name: c.teacher_name })}</Text>}
        <Anchor
          component={Link}
          to={ROUTES.classPage(c.id)}
          size="sm"
          aria-label={t('booking.day.detailsOf', { title: c.title ?? t('booking.class.noClass') })}
        >
          {t('booking.day.details')}
        </Anchor>
        <Box mt={4}>
          <ClassBadges item={c} />
        </Box>
        <Box mt="sm">
          <ClassActions item={c} onLeft={onLeft} />
        </Box>
      </Card>
    )),
  ];
}

/**
 * A toolbar button's words, and its name: FullCalendar names a button by its hint (its aria-label), and a
 * name other than the words shown fails axe's label-content-name-mismatch, as it fails a voice-control
 * user who says the words they see.
 */
function namedAsShown(text: string) {
  return { text, hint: text };
}

/**
 * The home page's month calendar (SPEC.md "Booking calendar": month view only, 42 cells, week from Monday),
 * showing classes in their type's colour. Every width draws the six weeks whole: the grid takes the
 * height its rows need (SPEC.md's 500 px clipped the last week once a day held two classes), and a
 * class's name wraps in its cell instead of being cut. On a phone a seventh of the width holds no name:
 * a day shows a dot per class, and the chosen day's classes are listed below the month. Loaded lazily so
 * FullCalendar stays out of the home page's first bundle.
 */
export function BookingCalendar() {
  const t = useT();
  // Deferred: after a change of language the calendar keeps drawing the last one while FullCalendar's
  // words for the new one load, instead of falling back to the page's placeholder.
  const locale = useDeferredValue(currentLocale());
  const calendarLocale = locale === 'en' ? 'en' : (use(loadCalendarLocale(locale)) ?? 'en');
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  // Wide: the dialog's day, read afresh when opened. Phone: the day listed below the month, today at first.
  const [day, setDay] = useState<{ date: Date; classes: CalendarClass[] } | null>(null);
  const [picked, setPicked] = useState(() => new Date());
  const month = useQuery({
    ...calendarClassesQuery(range?.from ?? '', range?.to ?? ''),
    enabled: range !== null,
  });

  const events = (month.data ?? []).map((c) => ({
    id: String(c.id),
    title: c.title ?? t('booking.class.noClass'),
    start: c.starts_at,
    // SPEC.md: a missing class colour defaults to white, outlined so it shows on the white month.
    color: c.course_color ?? '#FFFFFF',
    contrastColor: readableTextColor(c.course_color ?? '#FFFFFF'),
    className: c.course_color ? '' : classes.uncoloured,
  }));

  async function openDay(date: Date) {
    if (narrow) {
      setPicked(date);
      return;
    }
    setDay({ date, classes: await getClassesOnDate(localIsoDay(date)) });
  }
  const pickedClasses = (month.data ?? []).filter((c) => sameDay(new Date(c.starts_at), picked));

  return (
    <div className={classes.calendar}>
      {/* data-fullcalendar: where the tests' HTML check leaves FullCalendar's own markup to axe; the
          phone's list of a day's classes, below it, is ours and still checked. */}
      <div data-fullcalendar>
        <FullCalendar
          plugins={[dayGridPlugin, interactionPlugin, classicTheme]}
          locale={calendarLocale}
          direction={LOCALE_INFO[locale].dir}
          initialView="dayGridMonth"
          firstDay={1}
          fixedWeekCount
          height="auto"
          events={events}
          // A dot in the class's colour; its time and name for screen readers.
          eventContent={
            narrow
              ? (arg) => (
                  <>
                    <span className={classes.dot} style={{ background: arg.color }} />
                    <VisuallyHidden>
                      {arg.event.start ? `${formatTime(arg.event.start)} ` : ''}
                      {arg.event.title}
                    </VisuallyHidden>
                  </>
                )
              : undefined
          }
          // Whether a class is still to come, for the tests that book one: FullCalendar's markup says not.
          eventDidMount={({ el, isFuture }) => {
            el.dataset.upcoming = String(isFuture);
          }}
          headerToolbarClass={classes.toolbar}
          toolbarTitleClass={classes.title}
          dayCellClass={(arg) =>
            joinClassNames(
              classes.day,
              arg.isOther && classes.otherMonth,
              narrow && sameDay(arg.date, picked) && classes.picked,
            )
          }
          rowEventClass={narrow ? classes.dotEvent : undefined}
          rowEventInnerClass={narrow ? classes.dotInner : classes.eventInner}
          rowEventTimeClass={classes.eventTime}
          rowEventTitleClass={classes.eventTitle}
          // Arabic has no short weekday names (Intl's 'short' is the whole word): on a phone they overlap.
          dayHeaderFormat={narrow && locale === 'ar' ? { weekday: 'narrow' } : undefined}
          // Japanese and Chinese write "26日": a seventh of a phone's width breaks it over two lines.
          dayCellTopContent={narrow ? (arg) => String(arg.date.getDate()) : undefined}
          // The first of a month reads as its number, as every other day does.
          monthStartFormat={{ day: 'numeric' }}
          eventDisplay="block"
          // A phone shows every class's dot; a wide cell holds two names and "+1 more".
          dayMaxEvents={narrow ? false : 2}
          // Start and end, not left and right: Arabic puts the title on the right and the buttons on the left.
          headerToolbar={{ start: 'title', center: '', end: 'today prev,next' }}
          // Words, not chevrons: the app's own, in every language.
          buttonDisplay="text"
          buttons={{
            today: namedAsShown(t('booking.calendar.today')),
            prev: namedAsShown(t('booking.calendar.prev')),
            next: namedAsShown(t('booking.calendar.next')),
          }}
          // Not every language FullCalendar ships says these, and some drop the count from "+2 more".
          moreLinkText={(count: number) => t('booking.calendar.more', { count })}
          moreLinkHint={(count: number) => t('booking.calendar.moreHint', { count })}
          closeHint={t('booking.close')}
          datesSet={(info: DatesSetInfo) =>
            // The visible grid ends at midnight after its last day; the feed takes inclusive days.
            setRange({ from: localIsoDay(info.start), to: localIsoDay(new Date(info.end.getTime() - 1)) })
          }
          dateClick={(info: DateClickInfo) => openDay(info.date)}
          // A day cell takes only clicks: its number, a focusable link, opens the same list from the keyboard.
          navLinks
          // FullCalendar puts the day, written in the calendar's language, in place of $0.
          navLinkHint={t('booking.day.title', { date: '$0' })}
          navLinkDayClick={(date: Date) => openDay(date)}
          eventClick={(info) => {
            if (info.event.start) openDay(info.event.start);
          }}
        />
      </div>
      <Modal
        opened={day !== null}
        onClose={() => setDay(null)}
        title={day ? t('booking.day.title', { date: formatDate(day.date) }) : ''}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <Stack>
          {day ? <DayClasses classes={day.classes} onLeft={() => void openDay(day.date)} /> : null}
          <Button variant="default" onClick={() => setDay(null)}>
            {t('booking.close')}
          </Button>
        </Stack>
      </Modal>
      {narrow ? (
        <Stack component="section" aria-labelledby="calendar-day" gap="sm" mt="md">
          <Title order={3} fz="md" id="calendar-day">
            {t('booking.day.title', { date: formatDate(picked) })}
          </Title>
          {month.isPending ? null : (
            <DayClasses classes={pickedClasses} onLeft={() => void month.refetch()} />
          )}
        </Stack>
      ) : null}
    </div>
  );
}
