// The statements a request sends, as pgbench SQL built from the server's own repository functions
// (app-statement.ts), so that a script does what a request does, statement for statement. Each takes the
// names of the pgbench variables it reads; a `\gset prefix_` in the script stores a row for later ones.
import { DUNNING_GRACE_DAYS_DEFAULT } from '@tokenly/contract/school-settings';
import { LAST_SEEN_PRECISION_MS } from '@tokenly/server/src/modules/auth/auth-service';
import { findLiveSession } from '@tokenly/server/src/modules/auth/session-repository';
import {
  bookedScheduleIds,
  findBookingWithClass,
  insertBooking,
  lockSchedule,
  markBookingCancelled,
  releaseSeat,
  takeSeat,
  takeSeatAndBook,
} from '@tokenly/server/src/modules/bookings/bookings-repository';
import { REMINDERS_WITHDRAWN } from '@tokenly/server/src/modules/bookings/bookings-service';
import { isClubClass } from '@tokenly/server/src/modules/bookings/club-bookings-repository';
import {
  bookingHoldings,
  changeLotRemaining,
  drawCredits,
  findLot,
  insertLedgerRows,
  lockUserCredits,
} from '@tokenly/server/src/modules/credits/credit-repository';
import { hasCredits } from '@tokenly/server/src/modules/credits/credit-service';
import { classLevelRange } from '@tokenly/server/src/modules/levels/levels-repository';
import { insertMail, withdrawMails } from '@tokenly/server/src/modules/mail/mail-outbox-repository';
import { findRecipients } from '@tokenly/server/src/modules/mail/mail-recipients-repository';
import { REMINDER_KINDS, reminderEvent } from '@tokenly/server/src/modules/mail/templates/reminder-mail';
import { findSchedule } from '@tokenly/server/src/modules/schedules/schedules-repository';
import { findFollowing } from '@tokenly/server/src/modules/series/series-repository';
import { endEntry, lockQueue } from '@tokenly/server/src/modules/waitlist/waitlist-repository';
import { appStatement, appStatements, StandIns } from './app-statement';

/** One mail as the HTTP run wrote it to the outbox: pgbench sends the same bytes as parameters. */
export type MailSample = { html: string; text: string; attachments: string };

/**
 * `booking:<id>:<what>`, the outbox's event key of a booking's mails, as SQL. pgbench reads ":name" as a
 * variable even inside a string literal, hence chr(58) for the colons.
 */
export const bookingEvent = (idVar: string, what: string) =>
  `concat('booking', chr(58), CAST(:${idVar} AS text), chr(58), '${what}')`;

/** The bench's address of a learner: the app reads it from the user row, which pgbench does not. */
const benchAddress = (learner: string) => `('bench-' || CAST(:${learner} AS text) || '@tokenly.test')`;

/** Builds one statement of the app with fresh stand-ins. */
const twin = (call: (standIns: StandIns) => Parameters<typeof appStatement>[1]) => {
  const standIns = new StandIns();
  return appStatement(standIns, call(standIns));
};

/**
 * The session lookup every authenticated request makes (plugins/auth.ts, findLiveSession), with its
 * last-seen write and the school settings. The app finds the session by its token's hash, which pgbench
 * cannot compute: the twin reads the learner's first session's hash by its user id, one more index
 * lookup on auth_sessions, the only change to the app's statement.
 */
export const sessionLookup = (learner: string) =>
  twin(
    (s) => (db) =>
      findLiveSession(
        db,
        s.text(
          `the token hash of ${learner}`,
          `(SELECT token_hash FROM auth_sessions WHERE user_id = :${learner} ORDER BY id LIMIT 1)`,
        ),
        s.date('now()'),
        s.date(`now() - make_interval(secs => ${LAST_SEEN_PRECISION_MS / 1000})`),
      ),
  );

/** What the app binds into book's confirmation besides the rows: its headers and the draft's known part. */
const confirmation = {
  headers: {
    'Message-ID': '<0b1c8f3e-5d2a-4c7e-9f61-2a3b4c5d6e7f@tokenly.test>',
    Date: new Date().toUTCString(),
  },
  draft: {
    template: 'class-mail' as const,
    to: {
      id: 1,
      email: 'bench-learner@tokenly.test',
      name: 'Bench Learner',
      timezone: 'Europe/London',
      locale: 'en' as const,
    },
    school: {
      schoolName: 'Tokenly English',
      schoolEmail: 'school@tokenly.test',
      timeZone: 'Europe/London',
      meetingLinkLeadMinutes: 15,
    },
  },
};

/** The variables bookStatement reads besides the learner and the class. */
export const bookDraftVars = () => ({
  confirmed_headers: JSON.stringify(confirmation.headers),
  confirmed_draft: JSON.stringify(confirmation.draft),
});

/**
 * BookingsService.book: takeSeatAndBook (bookings-repository.ts), one statement outside a transaction: the
 * seat, the booking, the end of the learner's waitlist place, the withdrawal, the confirmation's draft
 * outbox row and the membership's standing (the school's default grace). The recipient, the school
 * settings and the mail's headers came with the session or from the app (the variables of
 * bookDraftVars), so there is no read of them.
 */
export const bookStatement = (learner: string, klass: string) =>
  twin(
    (s) => (db) =>
      takeSeatAndBook(
        db,
        {
          userId: s.id(`:${learner}`),
          scheduleId: s.id(`:${klass}`),
          pastDueGraceDays: DUNNING_GRACE_DAYS_DEFAULT,
        },
        s.date('now()'),
        {
          recipient: s.text(`the address of ${learner}`, benchAddress(learner)),
          status: 'kept',
          headers: s.json(confirmation.headers, ':confirmed_headers'),
          draft: s.json(confirmation.draft, ':confirmed_draft'),
        },
      ),
  );

/** findBookingWithClass: the booking with its class, the class's type and teacher. */
export const bookingWithClass = (booking: string) =>
  twin((s) => (db) => findBookingWithClass(db, s.id(`:${booking}`)));

/** lockSchedule: the class row, locked. */
export const classLocked = (klass: string) => twin((s) => (db) => lockSchedule(db, s.id(`:${klass}`)));

/** markBookingCancelled, in time (not late). */
export const bookingCancelled = (booking: string) =>
  twin((s) => (db) => markBookingCancelled(db, s.id(`:${booking}`), false));

/** releaseSeat: the class's seat given back. */
export const seatReleased = (klass: string) => twin((s) => (db) => releaseSeat(db, s.id(`:${klass}`)));

/** BookingsService's withdrawReminders: the booking's reminders that have not left, never to be sent. */
export const remindersWithdrawn = (booking: string) =>
  twin((s) => (db) => {
    const id = s.id(`:${booking}`);
    return withdrawMails(
      db,
      REMINDER_KINDS.map((kind) => s.text(reminderEvent(kind, id), bookingEvent(booking, kind))),
      REMINDERS_WITHDRAWN,
    );
  });

/** bookingHoldings: the credits the booking holds per lot, as lot_id and credits. */
export const holdingsRead = (booking: string) =>
  twin((s) => (db) => bookingHoldings(db, s.id(`:${booking}`)));

/** lockUserCredits: the learner's row, which serialises their credit movements. */
export const creditsLocked = (learner: string) =>
  twin((s) => (db) => lockUserCredits(db, s.id(`:${learner}`)));

/** findLot. */
export const lotRead = (lot: string) => twin((s) => (db) => findLot(db, s.id(`:${lot}`)));

/** changeLotRemaining: `credits` given back to the lot, within its bounds. */
export const lotRefilled = (lot: string, credits: string) =>
  twin((s) => (db) => changeLotRemaining(db, s.id(`:${lot}`), s.id(`:${credits}`)));

/** insertLedgerRows: the refund's ledger row. */
export const refundRow = (row: { learner: string; credits: string; booking: string; lot: string }) =>
  twin(
    (s) => (db) =>
      insertLedgerRows(db, [
        {
          userId: s.id(`:${row.learner}`),
          delta: s.id(`:${row.credits}`),
          reason: 'refund',
          bookingId: s.id(`:${row.booking}`),
          lotId: s.id(`:${row.lot}`),
        },
      ]),
  );

/** findRecipients (mail-recipients-repository.ts): the address a mail goes to. */
export const recipientRead = (learner: string) =>
  twin((s) => (db) => findRecipients(db, [s.id(`:${learner}`)]));

/**
 * A mail's outbox row (insertMail): its HTML, text and attachments are the variables <sample>_html,
 * _text and _attachments (mailVars), a real mail's bytes, bound as parameters as the app binds them, so
 * PostgreSQL compresses and logs what it does for the app.
 */
export const outboxRow = (mail: {
  event: string;
  kind: string;
  learner: string;
  subject: string;
  sample: string;
}) =>
  twin(
    (s) => (db) =>
      insertMail(db, {
        event: s.text(`the event of ${mail.sample}`, mail.event),
        kind: mail.kind,
        recipient: s.text(`the address of ${mail.learner}`, benchAddress(mail.learner)),
        status: 'kept',
        subject: mail.subject,
        html: s.text(`the html of ${mail.sample}`, `:${mail.sample}_html`),
        text: s.text(`the text of ${mail.sample}`, `:${mail.sample}_text`),
        headers: { 'Message-ID': '<bench@tokenly.test>' },
        attachments: s.json(
          [{ filename: `the attachments of ${mail.sample}`, contentType: 'text/calendar', content: '' }],
          `:${mail.sample}_attachments`,
        ),
        createdAt: s.date('now()'),
      }),
  );

export const mailVars = (sample: string, mail: MailSample) => ({
  [`${sample}_html`]: mail.html,
  [`${sample}_text`]: mail.text,
  [`${sample}_attachments`]: mail.attachments,
});

/** isClubClass: whether the class's seats go with the Club pass, asked before a promotion. */
export const clubAsked = (klass: string) => twin((s) => (db) => isClubClass(db, s.id(`:${klass}`)));

/** classLevelRange: the levels the class's type takes, asked before a promotion. */
export const levelsAsked = (klass: string) => twin((s) => (db) => classLevelRange(db, s.id(`:${klass}`)));

/** lockQueue: the class's waiting places in line, locked. */
export const queueLocked = (klass: string) => twin((s) => (db) => lockQueue(db, s.id(`:${klass}`)));

/**
 * hasCredits: the learner's credits locked, then their balance. Its statements, as the promotion sends
 * them before it books one learner in line; the credits asked for are compared in the app, not sent.
 */
export const creditsChecked = (learner: string) => {
  const standIns = new StandIns();
  return appStatements(standIns, (db) =>
    hasCredits(db, standIns.id(`:${learner}`), 1, standIns.date('now()')),
  );
};

/** takeSeat: the conditional seat update, with the class's type and teacher for the answer and mail. */
export const seatTaken = (klass: string) => twin((s) => (db) => takeSeat(db, s.id(`:${klass}`)));

/** insertBooking. */
export const bookingInserted = (learner: string, klass: string, credits: string) =>
  twin(
    (s) => (db) =>
      insertBooking(db, {
        userId: s.id(`:${learner}`),
        scheduleId: s.id(`:${klass}`),
        credits: s.id(`:${credits}`),
      }),
  );

/** drawCredits (credit-repository.ts), as consumeCredits draws a booking's credits. */
export const creditsDrawn = (learner: string, credits: string, booking: string) =>
  twin(
    (s) => (db) =>
      drawCredits(
        db,
        { userId: s.id(`:${learner}`), credits: s.id(`:${credits}`), now: s.date('now()') },
        { reason: 'booking', bookingId: s.id(`:${booking}`) },
      ),
  );

/** endEntry: the waiting place ended by its promotion. */
export const entryPromoted = (entry: string, booking: string) =>
  twin(
    (s) => (db) =>
      endEntry(db, s.id(`:${entry}`), {
        status: 'promoted',
        at: s.date('now()'),
        bookingId: s.id(`:${booking}`),
      }),
  );

/** findSchedule: the class with its type, its teacher's name and its waiting count. */
export const classRead = (klass: string) => twin((s) => (db) => findSchedule(db, s.id(`:${klass}`)));

/**
 * findFollowing from where SeriesService's bookRest starts: the class's start, or just after now when
 * it has begun (`from` is a \gset of classRead).
 */
export const followingRead = (from: string) =>
  twin(
    (s) => (db) =>
      findFollowing(
        db,
        s.id(`:${from}_series_id`),
        s.date(`greatest(CAST(:${from}_starts_at AS timestamptz), now() + interval '1 millisecond')`),
      ),
  );

/** bookedScheduleIds: the learner's booked classes that have not ended, which a series skips. */
export const bookedRead = (learner: string) =>
  twin((s) => (db) => bookedScheduleIds(db, s.id(`:${learner}`), s.date('now()')));
