import type { MailT } from '@tokenly/i18n/mail-catalogs';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { BookingWithClass } from './bookings-repository';
import { releasedMeetingLink } from './meeting-link';

// iCalendar (RFC 5545) files of classes, written by ical-generator: it escapes TEXT values (a lone CR
// counts as a line break, so a title cannot start a property of its own), ends lines with CRLF and
// folds them at 75 octets without splitting a UTF-8 character. A booking's download uses it today;
// invitation mails (METHOD:REQUEST / CANCEL) and calendar feeds build on the same two functions.

/** What a calendar says about one class: one VEVENT, in UTC so every calendar shows its local time. */
export type ClassEvent = {
  /** Stable across files, so a calendar updates the event it already has instead of adding one. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  url: string | null;
  cancelled: boolean;
  /**
   * RFC 5545's SEQUENCE: the class's revision (one more for each change its learners were told of), and
   * one more when cancelled, so each file outranks those sent before it and calendars take it over them.
   */
  sequence: number;
  /** Invitations by mail (RFC 5546): who sends it and whom it is for. */
  organizer?: { name: string; email: string };
  attendee?: { name: string; email: string };
};

export type CalendarMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

const PRODUCT = { company: 'Tokenly English', product: 'Class booking', language: 'EN' };

/**
 * An iCalendar file of the events, stamped `now`. A subscribed feed has a `name` (X-WR-CALNAME) and asks
 * to be polled hourly (REFRESH-INTERVAL, X-PUBLISHED-TTL), so cancellations reach calendars the same day.
 */
export function calendarFile(
  events: ClassEvent[],
  options: { method: CalendarMethod; now: Date; name?: string },
): string {
  const calendar = ical({
    prodId: PRODUCT,
    method: ICalCalendarMethod[options.method],
    scale: 'gregorian',
    ...(options.name ? { name: options.name, ttl: 60 * 60 } : {}),
  });
  for (const event of events) {
    calendar.createEvent({
      id: event.uid,
      stamp: options.now,
      start: event.start,
      end: event.end,
      summary: event.summary,
      description: event.description,
      url: event.url,
      status: event.cancelled ? ICalEventStatus.CANCELLED : null,
      sequence: event.sequence,
      organizer: event.organizer,
      attendees: event.attendee ? [{ ...event.attendee, rsvp: false }] : [],
    });
  }
  // RFC 5545 section 3.1 ends every content line with CRLF, the last one too; the library leaves it off.
  return `${calendar.toString()}\r\n`;
}

/**
 * An event's SEQUENCE: a cancellation must outrank the invitation it withdraws, and a change (the class's
 * revision) the file before it, or calendars keep the event they have. A confirmation drawn from a draft
 * written before classes had revisions reads none: 0.
 */
const sequenceOf = (revision: number | null, cancelled: boolean) => (revision ?? 0) + (cancelled ? 1 : 0);

/**
 * A booked class as an event, its words in the learner's language (`t`; the class's title is the
 * school's and stays as written). The meeting link only once it is released (a file saved days ahead
 * says where it will appear instead).
 */
export function bookingEvent(
  { booking, schedule, courseTitle }: BookingWithClass,
  meetingLink: string | null,
  leadMinutes: number,
  t: MailT,
): ClassEvent {
  const cancelled = schedule.status === 'cancelled' || booking.status === 'cancelled';
  return {
    sequence: sequenceOf(schedule.revision, cancelled),
    uid: `booking-${booking.id}@tokenly-english`,
    start: schedule.startsAt,
    end: new Date(schedule.startsAt.getTime() + schedule.durationMin * 60_000),
    summary: courseTitle ? `${schedule.title} (${courseTitle})` : schedule.title,
    description: meetingLink
      ? t('mail.calendar.meetingLink', { link: meetingLink })
      : t('mail.calendar.linkLater', { minutes: leadMinutes }),
    url: meetingLink,
    cancelled,
  };
}

/** A class as its teacher's calendar shows it: how many learners are booked, and the host link. */
export function teachingEvent(found: {
  id: number;
  title: string;
  courseTitle: string | null;
  startsAt: Date;
  durationMin: number;
  status: string;
  seatsTaken: number;
  noOfUsers: number;
  meetingStart: string | null;
  revision: number;
}): ClassEvent {
  const booked = `${found.seatsTaken} of ${found.noOfUsers} learners booked`;
  return {
    sequence: sequenceOf(found.revision, found.status === 'cancelled'),
    uid: `class-${found.id}@tokenly-english`,
    start: found.startsAt,
    end: new Date(found.startsAt.getTime() + found.durationMin * 60_000),
    summary: `${found.courseTitle ? `${found.title} (${found.courseTitle})` : found.title}: ${booked}`,
    description: found.meetingStart ? `${booked}.\nHost link: ${found.meetingStart}` : `${booked}.`,
    url: found.meetingStart,
    cancelled: found.status === 'cancelled',
  };
}

/** The file a learner downloads for one booking, in their language. */
export function bookingCalendarFile(
  found: BookingWithClass,
  now: Date,
  leadMinutes: number,
  t: MailT,
): string {
  const event = bookingEvent(found, releasedMeetingLink(found, now, leadMinutes), leadMinutes, t);
  return calendarFile([event], { method: 'PUBLISH', now });
}
