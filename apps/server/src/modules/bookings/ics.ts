import { MEETING_LINK_LEAD_MINUTES } from '@tokenly/contract/bookings';
import type { BookingWithClass } from './bookings-repository';

/** RFC 5545 UTC form: 20260501T090000Z. */
function icsTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * RFC 5545 TEXT escaping: backslash, semicolon, comma and line breaks; a lone CR counts as one, since
 * calendar readers differ on how lines end.
 */
function icsText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * One VEVENT for a booked class, in UTC so every calendar shows it at the right local time. The meeting
 * link only when it has been released (a file saved days ahead says where it will appear instead).
 */
export function bookingCalendarFile(
  { booking, schedule, courseTitle }: BookingWithClass,
  now: Date,
  meetingLink: string | null,
): string {
  const end = new Date(schedule.startsAt.getTime() + schedule.durationMin * 60_000);
  const summary = courseTitle ? `${schedule.title} (${courseTitle})` : schedule.title;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tokenly English//Class booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:booking-${booking.id}@tokenly-english`,
    `DTSTAMP:${icsTime(now)}`,
    `DTSTART:${icsTime(schedule.startsAt)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${icsText(summary)}`,
    ...(meetingLink
      ? [`URL:${meetingLink}`, `DESCRIPTION:${icsText(`Meeting link: ${meetingLink}`)}`]
      : [
          `DESCRIPTION:${icsText(`The meeting link appears in your Class Booking List ${MEETING_LINK_LEAD_MINUTES} minutes before the start.`)}`,
        ]),
    ...(schedule.status === 'cancelled' || booking.status === 'cancelled' ? ['STATUS:CANCELLED'] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}
