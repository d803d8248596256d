import { MEETING_LINK_LEAD_MINUTES } from '@tokenly/contract/bookings';
import type { BookingWithClass } from './bookings-repository';

/**
 * SPEC.md "Class Booking List": the link to join opens MEETING_LINK_LEAD_MINUTES before the start, and
 * only to a learner still booked on a class still on; decided here for the API, the booking's file and
 * the calendar feed alike, so an early or cancelled booking cannot read it from any of them.
 */
export function releasedMeetingLink({ booking, schedule }: BookingWithClass, now: Date): string | null {
  const open =
    booking.status === 'booked' &&
    schedule.status === 'scheduled' &&
    now.getTime() >= schedule.startsAt.getTime() - MEETING_LINK_LEAD_MINUTES * 60_000;
  return open ? schedule.meetingLink : null;
}
