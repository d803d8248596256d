import dayGridPlugin from '@fullcalendar/daygrid';
import type { DateClickArg } from '@fullcalendar/interaction';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '../../../lib/format';
import classes from './booking-calendar.module.css';

/**
 * The home page's month calendar (SPEC.md "Booking calendar": month view only, 42 cells, week from Monday,
 * 500 px). Loaded lazily so FullCalendar stays out of the home page's first bundle. The classes of a day
 * and the booking flow arrive with the booking issue; for now every day is empty.
 */
export function BookingCalendar() {
  const [selectedDate, setSelectedDate] = useState<Date | null>(null);

  return (
    <div className={classes.calendar}>
      <FullCalendar
        plugins={[dayGridPlugin, interactionPlugin]}
        initialView="dayGridMonth"
        firstDay={1}
        fixedWeekCount
        height={500}
        events={[]}
        headerToolbar={{ left: 'title', center: '', right: 'today prev,next' }}
        // Text buttons: FullCalendar's icon spans carry role="img" without a name (an axe violation).
        buttonIcons={false}
        buttonText={{ today: 'Today', prev: '‹ Prev', next: 'Next ›' }}
        buttonHints={{ prev: 'Previous month', next: 'Next month', today: 'This month' }}
        dateClick={(info: DateClickArg) => setSelectedDate(info.date)}
      />
      <Modal
        opened={selectedDate !== null}
        onClose={() => setSelectedDate(null)}
        title={selectedDate ? `Classes on ${formatDate(selectedDate)}` : ''}
        centered
      >
        <Stack>
          <Text>No classes available.</Text>
          <Button variant="default" onClick={() => setSelectedDate(null)}>
            Close
          </Button>
        </Stack>
      </Modal>
    </div>
  );
}
