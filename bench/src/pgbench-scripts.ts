// What each scenario's request does, as a pgbench script (pgbench-statements.ts), with the variables it
// needs. Request k of a script is transaction n of client c: k = (n - 1) × clients + c, so the clients
// share the work without two of them doing the same k.
import type { BookingRotation } from './booking-pairs';
import type { PgbenchScript } from './pgbench';
import {
  bookDraftVars,
  bookingEvent,
  bookingWithClass,
  bookStatement,
  drawCredits,
  type MailSample,
  mailVars,
  outboxRow,
  recipientRead,
  sessionLookup,
  takeSeat,
} from './pgbench-statements';

const requestNumber = String.raw`\set n :n + 1
\set k (:n - 1) * :clients + :client_id`;

/**
 * POST book-class: the session lookup and book's statement. Request k books learner k mod L into class
 * k mod C, as the HTTP run does (booking-pairs.ts).
 */
export function bookClassScript(options: {
  rotation: BookingRotation;
  firstLearnerId: number;
  firstClassId: number;
}): PgbenchScript {
  const sql = [
    requestNumber,
    String.raw`\set learner :first_learner + (:k % :learners)`,
    String.raw`\set class :first_class + (:k % :classes)`,
    sessionLookup('learner'),
    bookStatement('learner', 'class'),
  ].join('\n');
  return {
    name: 'book-class',
    sql,
    // The session lookup and the booking statement are named statements in the app.
    protocol: 'prepared',
    vars: {
      learners: options.rotation.learners,
      classes: options.rotation.classes,
      first_learner: options.firstLearnerId,
      first_class: options.firstClassId,
      ...bookDraftVars(),
    },
  };
}

/**
 * POST cancel-booking/:id of a booking made in time, in a full class with learners waiting
 * (BookingsService.cancel and release, refundBooking, WaitlistService.promote): request k cancels booking
 * first + k. The app looks the session up first; here the booking is read first, for its learner's id,
 * which the session lookup needs (two reads before the transaction either way). Each learner holds one
 * lot, so the refund gives back to one lot, as the app's loop does for this data. The queue is read
 * as the app reads it (every waiting place, locked); the window only hands the first in line to the
 * statements after it (\aset keeps the last row's values, and every row carries the first's).
 */
export function cancelScript(options: {
  firstBookingId: number;
  cancelled: MailSample;
  promoted: MailSample;
}): PgbenchScript {
  const sql = [
    requestNumber,
    String.raw`\set booking :first_booking + :k`,
    `${bookingWithClass('booking')} \\gset found_`,
    sessionLookup('found_user_id'),
    'BEGIN;',
    'SELECT * FROM schedules WHERE id = :found_schedule_id FOR UPDATE;',
    "UPDATE bookings SET status = 'cancelled', cancelled_at = now(), late_cancel = false WHERE id = :booking AND status = 'booked' RETURNING *;",
    'UPDATE schedules SET seats_taken = seats_taken - 1 WHERE id = :found_schedule_id AND seats_taken > 0;',
    `UPDATE mail_outbox SET status = 'failed', last_error = 'Not sent: the booking was cancelled before this mail left.' WHERE event IN (${bookingEvent('booking', 'class-reminder')}, ${bookingEvent('booking', 'class-starting-soon')}) AND status = 'queued' RETURNING id;`,
    'SELECT id FROM users WHERE id = :found_user_id FOR NO KEY UPDATE;',
    String.raw`SELECT lot_id, -sum(delta)::int AS credits FROM credit_ledger WHERE booking_id = :booking AND reason IN ('booking', 'refund', 'waiver') AND lot_id IS NOT NULL GROUP BY lot_id ORDER BY lot_id \gset refund_`,
    'SELECT * FROM credit_lots WHERE id = :refund_lot_id LIMIT 1;',
    'UPDATE credit_lots SET credits_remaining = credits_remaining + :refund_credits WHERE id = :refund_lot_id AND credits_remaining + :refund_credits BETWEEN 0 AND credits_total RETURNING id;',
    "INSERT INTO credit_ledger (user_id, delta, reason, booking_id, lot_id) VALUES (:found_user_id, :refund_credits, 'refund', :booking, :refund_lot_id);",
    recipientRead('found_user_id'),
    outboxRow({
      event: bookingEvent('booking', 'cancelled'),
      kind: 'booking-cancelled',
      learner: 'found_user_id',
      subject: 'Booking cancelled',
      sample: 'cancelled',
    }),
    // The promotion, in the same transaction: the class locked again, the queue.
    'SELECT * FROM schedules WHERE id = :found_schedule_id FOR UPDATE;',
    String.raw`SELECT *, first_value(id) OVER line AS first_entry, first_value(user_id) OVER line AS first_learner FROM (SELECT * FROM waitlist_entries WHERE schedule_id = :found_schedule_id AND status = 'waiting' ORDER BY joined_at, id FOR UPDATE) AS queue WINDOW line AS (ORDER BY joined_at, id) \aset queue_`,
    'SELECT id FROM users WHERE id = :queue_first_learner FOR NO KEY UPDATE;',
    'SELECT coalesce(sum(credits_remaining), 0)::int FROM credit_lots WHERE user_id = :queue_first_learner AND expires_at > now();',
    takeSeat('found_schedule_id'),
    String.raw`INSERT INTO bookings (user_id, schedule_id, credits) VALUES (:queue_first_learner, :found_schedule_id, :seat_number_token) RETURNING * \gset promoted_`,
    drawCredits('queue_first_learner', 'promoted_credits', 'promoted_id'),
    "UPDATE waitlist_entries SET status = 'promoted', booking_id = :promoted_id, ended_at = now() WHERE id = :queue_first_entry AND status = 'waiting' RETURNING *;",
    recipientRead('queue_first_learner'),
    outboxRow({
      event: bookingEvent('promoted_id', 'booked'),
      kind: 'waitlist-promoted',
      learner: 'queue_first_learner',
      subject: 'A seat came free',
      sample: 'promoted',
    }),
    'COMMIT;',
    // The answer reads the booking again.
    `${bookingWithClass('booking')};`,
  ].join('\n');
  return {
    name: 'cancel-booking',
    sql,
    // In the app only the session lookup and the outbox inserts are named; the rest is sent unnamed.
    protocol: 'extended',
    vars: {
      first_booking: options.firstBookingId,
      ...mailVars('cancelled', options.cancelled),
      ...mailVars('promoted', options.promoted),
    },
  };
}

/**
 * POST book-series from a series' first class (SeriesService.bookRest): the class, the series' classes
 * from it on, the learner's booked classes, then book's statement for each class. Request k is learner
 * first + k booking series k, whose classes are consecutive ids.
 */
export function bookSeriesScript(options: {
  classesEach: number;
  firstLearnerId: number;
  firstClassId: number;
}): PgbenchScript {
  const sql = [
    requestNumber,
    String.raw`\set learner :first_learner + :k`,
    String.raw`\set first :first_class + :k * :classes_each`,
    sessionLookup('learner'),
    String.raw`SELECT s.*, c.course_title, c.course_color, (SELECT name FROM users WHERE users.id = s.teacher_id) AS teacher_name FROM schedules s JOIN courses c ON c.id = s.course_id WHERE s.id = :first LIMIT 1 \gset from_`,
    "SELECT * FROM schedules WHERE series_id = :from_series_id AND status = 'scheduled' AND starts_at >= CAST(:from_starts_at AS timestamptz) ORDER BY starts_at, id;",
    "SELECT b.schedule_id, b.id, b.credits, s.starts_at FROM bookings b JOIN schedules s ON s.id = b.schedule_id WHERE b.user_id = :learner AND b.status = 'booked' AND s.starts_at + make_interval(mins => s.duration_min) > now() ORDER BY s.starts_at;",
    // pgbench has no loop: the series' classes, unrolled.
    ...Array.from({ length: options.classesEach }, (_, i) =>
      [String.raw`\set class :first + ${i}`, bookStatement('learner', 'class')].join('\n'),
    ),
  ].join('\n');
  return {
    name: 'book-series',
    sql,
    // Eight booking statements (named in the app) outweigh the series' three reads (unnamed there).
    protocol: 'prepared',
    vars: {
      classes_each: options.classesEach,
      first_learner: options.firstLearnerId,
      first_class: options.firstClassId,
      ...bookDraftVars(),
    },
  };
}
