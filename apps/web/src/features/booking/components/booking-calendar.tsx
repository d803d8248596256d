import type { DatesSetArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import type { DateClickArg } from '@fullcalendar/interaction';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import { Anchor, Box, Button, Card, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { CalendarClass } from '@tokenly/contract/bookings';
import { LOCALE_INFO } from '@tokenly/i18n/locales';
import { use, useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../../config/routes';
import { formatDate, formatDateTime, formatTime, localIsoDay } from '../../../lib/format';
import { currentLocale, useT } from '../../../lib/i18n';
import { readableTextColor } from '../../../lib/readable-text-color';
import { calendarClassesQuery, getClassesOnDate } from '../api/get-calendar-classes';
import { loadCalendarLocale } from '../utils/calendar-locale';
import classes from './booking-calendar.module.css';
import { ClassActions } from './class-actions';
import { ClassBadges } from './class-badges';

/** As the calendar's own small-screen styles: a phone held upright. */
const NARROW = '(max-width: 30em)';

/**
 * The home page's month calendar (SPEC.md "Booking calendar": month view only, 42 cells, week from Monday,
 * 500 px), showing classes in their type's colour. Loaded lazily so FullCalendar stays out of the home
 * page's first bundle.
 */
export function BookingCalendar() {
  const t = useT();
  // Deferred: after a change of language the calendar keeps drawing the last one while FullCalendar's
  // words for the new one load, instead of falling back to the page's placeholder.
  const locale = useDeferredValue(currentLocale());
  const calendarLocale = locale === 'en' ? 'en' : (use(loadCalendarLocale(locale)) ?? 'en');
  // At 360 px a seventh of the width cut titles to "11a V". There a class shows its start time
  // (its day's list names it), and the grid takes the height its six weeks need instead of clipping one.
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [day, setDay] = useState<{ date: Date; classes: CalendarClass[] } | null>(null);
  const month = useQuery({
    ...calendarClassesQuery(range?.from ?? '', range?.to ?? ''),
    enabled: range !== null,
  });

  const events = (month.data ?? []).map((c) => ({
    id: String(c.id),
    title: c.title ?? t('booking.class.noClass'),
    start: c.starts_at,
    // SPEC.md: a missing class colour defaults to white.
    backgroundColor: c.course_color ?? '#FFFFFF',
    borderColor: c.course_color ?? '#CED4DA',
    textColor: readableTextColor(c.course_color ?? '#FFFFFF'),
  }));

  async function openDay(date: Date) {
    setDay({ date, classes: await getClassesOnDate(localIsoDay(date)) });
  }

  return (
    <div className={classes.calendar}>
      <FullCalendar
        plugins={[dayGridPlugin, interactionPlugin]}
        locale={calendarLocale}
        direction={LOCALE_INFO[locale].dir}
        initialView="dayGridMonth"
        firstDay={1}
        fixedWeekCount
        height={narrow ? 'auto' : 500}
        events={events}
        eventContent={narrow ? (arg) => (arg.event.start ? formatTime(arg.event.start) : '') : undefined}
        // Arabic has no short weekday names (Intl's 'short' is the whole word): on a phone they overlap.
        dayHeaderFormat={narrow && locale === 'ar' ? { weekday: 'narrow' } : undefined}
        // Japanese and Chinese write "26日": a seventh of a phone's width breaks it over two lines.
        dayCellContent={narrow ? (arg) => String(arg.date.getDate()) : undefined}
        eventDisplay="block"
        dayMaxEvents={2}
        // Start and end, not left and right: Arabic puts the title on the right and the buttons on the left.
        headerToolbar={{ start: 'title', center: '', end: 'today prev,next' }}
        // Text buttons: FullCalendar's icon spans carry role="img" without a name (an axe violation).
        buttonIcons={false}
        buttonText={{
          today: t('booking.calendar.today'),
          prev: t('booking.calendar.prev'),
          next: t('booking.calendar.next'),
        }}
        buttonHints={{
          prev: t('booking.calendar.prevHint'),
          next: t('booking.calendar.nextHint'),
          today: t('booking.calendar.todayHint'),
        }}
        // Not every language FullCalendar ships says these, and some drop the count from "+2 more".
        moreLinkText={(count: number) => t('booking.calendar.more', { count })}
        moreLinkHint={(count: number) => t('booking.calendar.moreHint', { count })}
        closeHint={t('booking.close')}
        datesSet={(info: DatesSetArg) =>
          // The visible grid ends at midnight after its last day; the feed takes inclusive days.
          setRange({ from: localIsoDay(info.start), to: localIsoDay(new Date(info.end.getTime() - 1)) })
        }
        dateClick={(info: DateClickArg) => openDay(info.date)}
        // A day cell takes only clicks: its number, a focusable link, opens the same list from the keyboard.
        navLinks
        // FullCalendar puts the day, written in the calendar's language, in place of $0.
        navLinkHint={t('booking.day.title', { date: '$0' })}
        navLinkDayClick={(date: Date) => openDay(date)}
        // FullCalendar names each cell by its day number alone, which hides the classes listed inside
        // (axe label-content-name-mismatch); unnamed, a cell reads as its content.
        dayCellDidMount={({ el }) => el.removeAttribute('aria-labelledby')}
        // "+2 more" is an <a> without href that opens a popover with aria-expanded, which only a button may
        // carry (axe aria-allowed-attr); it is one.
        moreLinkDidMount={({ el }) => el.setAttribute('role', 'button')}
        eventClick={(info) => {
          if (info.event.start) openDay(info.event.start);
        }}
      />
      <Modal
        opened={day !== null}
        onClose={() => setDay(null)}
        title={day ? t('booking.day.title', { date: formatDate(day.date) }) : ''}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <Stack>
          {day?.classes.length === 0 && <Text>{t('booking.day.empty')}</Text>}
          {day?.classes.map((c) => (
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
                <ClassActions
                  item={c}
                  onLeft={() => {
                    if (day) void openDay(day.date);
                  }}
                />
              </Box>
            </Card>
          ))}
          <Button variant="default" onClick={() => setDay(null)}>
            {t('booking.close')}
          </Button>
        </Stack>
      </Modal>
    </div>
  );
}
