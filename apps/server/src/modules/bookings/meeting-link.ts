import type { BookingWithClass } from './bookings-repository';

/**
 * SPEC.md "Class Booking List": the link to join opens the school's lead time before the start, and
 * only to a learner still booked on a class still on; decided here for the API, the booking's file and
 * the calendar feed alike, so an early or cancelled booking cannot read it from any of them.
 */
export function releasedMeetingLink(
  { booking, schedule }: BookingWithClass,
  now: Date,
  leadMinutes: number,
): string | null {
  const open =
    booking.status === 'booked' &&
    schedule.status === 'scheduled' &&
    meetingLinkOpen(schedule.startsAt, now, leadMinutes);
  return open ? schedule.meetingLink : null;
}

/** Whether a class's link has been released at `now`: from the school's lead time before its start. */
export function meetingLinkOpen(startsAt: Date, now: Date, leadMinutes: number): boolean {
  return now.getTime() >= startsAt.getTime() - leadMinutes * 60_000;
}
