// What each scenario's request does, as a pgbench script of the app's statements (pgbench-statements.ts)
// in the order the request sends them, with the variables it needs. Request k of a script is transaction
// n of client c: k = (n - 1) × clients + c, so the clients share the work without two of them doing the
// same k.
import type { BookingRotation } from './booking-pairs';
import type { PgbenchScript } from './pgbench';
import {
  bookDraftVars,
  bookedRead,
  bookingCancelled,
  bookingEvent,
  bookingInserted,
  bookingWithClass,
  bookStatement,
  classLocked,
  classRead,
  clubAsked,
  creditsChecked,
  creditsDrawn,
  creditsLocked,
  entryPromoted,
  followingRead,
  holdingsRead,
  levelsAsked,
  lotRead,
  lotRefilled,
  type MailSample,
  mailVars,
  outboxRow,
  queueLocked,
  recipientRead,
  refundRow,
  remindersWithdrawn,
  seatReleased,
  seatTaken,
  sessionLookup,
} from './pgbench-statements';

const requestNumber = String.raw`\set n :n + 1
\set k (:n - 1) * :clients + :client_id`;

/**
 * POST book-class: the session lookup and book's statement. Request k books learner k mod L into class
 * k mod C, as the HTTP run does (booking-pairs.ts).
 */
export async function bookClassScript(options: {
  rotation: BookingRotation;
  firstLearnerId: number;
  firstClassId: number;
}): Promise<PgbenchScript> {
  const sql = [
    requestNumber,
    String.raw`\set learner :first_learner + (:k % :learners)`,
    String.raw`\set class :first_class + (:k % :classes)`,
    `${await sessionLookup('learner')};`,
    `${await bookStatement('learner', 'class')};`,
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
 * lot, so the refund gives back to one lot, as the app's loop does for this data. The queue is the
 * app's statement, every waiting place locked and sent back, within a query that hands the first in
 * line to the statements after it: a window with no order of its own reads the rows in the order the
 * queue gives them (PostgreSQL keeps a sorted, locked subquery as it is), so every row carries the
 * first's values, and \aset keeps the last row's.
 */
export async function cancelScript(options: {
  firstBookingId: number;
  cancelled: MailSample;
  promoted: MailSample;
}): Promise<PgbenchScript> {
  const sql = [
    requestNumber,
    String.raw`\set booking :first_booking + :k`,
    `${await bookingWithClass('booking')} \\gset found_`,
    `${await sessionLookup('found_user_id')};`,
    'BEGIN;',
    `${await classLocked('found_schedule_id')};`,
    `${await bookingCancelled('booking')};`,
    `${await seatReleased('found_schedule_id')};`,
    `${await remindersWithdrawn('booking')};`,
    `${await creditsLocked('found_user_id')};`,
    `${await holdingsRead('booking')} \\gset refund_`,
    `${await lotRead('refund_lot_id')};`,
    `${await lotRefilled('refund_lot_id', 'refund_credits')};`,
    `${await refundRow({ learner: 'found_user_id', credits: 'refund_credits', booking: 'booking', lot: 'refund_lot_id' })};`,
    `${await recipientRead('found_user_id')};`,
    `${await outboxRow({
      event: bookingEvent('booking', 'cancelled'),
      kind: 'booking-cancelled',
      learner: 'found_user_id',
      subject: 'Booking cancelled',
      sample: 'cancelled',
    })};`,
    // The promotion, in the same transaction: the class locked again, the queue.
    `${await classLocked('found_schedule_id')};`,
    `${await clubAsked('found_schedule_id')};`,
    `${await levelsAsked('found_schedule_id')};`,
    `SELECT *, first_value(id) OVER () AS first_entry, first_value(user_id) OVER () AS first_learner FROM (${await queueLocked('found_schedule_id')}) AS queue \\aset queue_`,
    ...(await creditsChecked('queue_first_learner')).map((statement) => `${statement};`),
    `${await seatTaken('found_schedule_id')} \\gset seat_`,
    `${await bookingInserted('queue_first_learner', 'found_schedule_id', 'seat_number_token')} \\gset promoted_`,
    `${await creditsDrawn('queue_first_learner', 'promoted_credits', 'promoted_id')};`,
    `${await entryPromoted('queue_first_entry', 'promoted_id')};`,
    `${await recipientRead('queue_first_learner')};`,
    `${await outboxRow({
      event: bookingEvent('promoted_id', 'booked'),
      kind: 'waitlist-promoted',
      learner: 'queue_first_learner',
      subject: 'A seat came free',
      sample: 'promoted',
    })};`,
    'COMMIT;',
    // The answer reads the booking again.
    `${await bookingWithClass('booking')};`,
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
export async function bookSeriesScript(options: {
  classesEach: number;
  firstLearnerId: number;
  firstClassId: number;
}): Promise<PgbenchScript> {
  const booking = await bookStatement('learner', 'class');
  const sql = [
    requestNumber,
    String.raw`\set learner :first_learner + :k`,
    String.raw`\set first :first_class + :k * :classes_each`,
    `${await sessionLookup('learner')};`,
    `${await classRead('first')} \\gset from_`,
    `${await followingRead('from')};`,
    `${await bookedRead('learner')};`,
    // pgbench has no loop: the series' classes, unrolled.
    ...Array.from({ length: options.classesEach }, (_, i) =>
      [String.raw`\set class :first + ${i}`, `${booking};`].join('\n'),
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
