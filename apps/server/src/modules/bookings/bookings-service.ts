import {
  type BookedClass,
  type BookingIntent,
  type BookingPreview,
  SUCCESS_BOOKING_MESSAGE,
  type UserBooking,
  type WaiveBody,
} from '@tokenly/contract/bookings';
import type { BookingMoveBody, BookingRemoveBody, RosterAddBody } from '@tokenly/contract/class-roster';
import { PAGE_SIZE, type Paginated } from '@tokenly/contract/common';
import { creditCount } from '@tokenly/contract/constants';
import { MESSAGES } from '@tokenly/contract/messages';
import type { Locale } from '@tokenly/i18n/locales';
import { mailTranslator } from '@tokenly/i18n/mail-catalogs';
import type { Database } from '../../db/client';
import { isRefusal, isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { pageOffset, toPage } from '../../lib/pagination';
import { findClassWithCourse } from '../calendar/calendar-repository';
import { isPastDueBeyondGrace } from '../checkout/checkout-repository';
import { findClubPass } from '../club-pass/club-pass-repository';
import { clubPlaceFor, passCovers, schoolWeekOf } from '../club-pass/club-pass-service';
import {
  forfeitBooking,
  getBalance,
  planWithdrawal,
  refundBooking,
  transferBooking,
} from '../credits/credit-service';
import { bookingLevelOf, checkBookingLevel } from '../levels/level-rule';
import { findRecipients, type MailRecipient, mailLocaleOf } from '../mail/mail-recipients-repository';
import type { Mailer } from '../mail/mailer';
import { type ClassMailContext, type ClassMailKind, classMail } from '../mail/templates/class-mail';
import { REMINDER_KINDS, reminderEvent } from '../mail/templates/reminder-mail';
import type { CurrentSchoolSettings, SchoolSettingsSource } from '../school-settings/school-settings-service';
import { findUserWithRole } from '../users/users-repository';
import { endEntryOf } from '../waitlist/waitlist-repository';
import type { WaitlistService } from '../waitlist/waitlist-service';
import {
  type BookingWithClass,
  bookedClasses,
  type ConfirmationRow,
  CREDITS_SHORT,
  findActiveBooking,
  findBookingWithClass,
  findSchedule,
  insertBooking,
  lockActiveBookingsOf,
  lockSchedule,
  MEMBERSHIP_PAST_DUE,
  markBookingCancelled,
  markBookingWaived,
  markScheduleCancelled,
  pageUserBookings,
  releaseSeat,
  scheduleRoster,
  takeSeat,
  takeSeatAndBook,
  type UserBookingsFilter,
} from './bookings-repository';
import { countClubBookingsBetween, insertClubBooking, isClubClass } from './club-bookings-repository';
import { bookingCalendarFile } from './ics';
import { meetingLinkOpen, releasedMeetingLink } from './meeting-link';
import { rosterCsv } from './roster-csv';

const HOUR_MS = 60 * 60 * 1000;
const LEARNER_ALREADY_BOOKED = 'This learner already has a place in this class.';

/** Why a withdrawn reminder never left (the Outbox shows it); the bench's pgbench twin sends it too. */
export const REMINDERS_WITHDRAWN = 'Not sent: the booking was cancelled before this mail left.';

/** What a class mail's draft keeps of the school: the settings it is drawn with when it leaves. */
const mailedSchool = (school: CurrentSchoolSettings) => ({
  schoolName: school.schoolName,
  schoolEmail: school.schoolEmail,
  timeZone: school.timeZone,
  meetingLinkLeadMinutes: school.meetingLinkLeadMinutes,
});

/** Whether the school changed (or moved) the class after the booking was made. */
const after = (changedAt: Date | null, bookedAt: Date) => changedAt !== null && changedAt > bookedAt;

// Lock order everywhere: schedule row, then booking rows, then its waitlist, then the learners' credits;
// never the reverse, so a learner's cancel and an admin's cancel of the same class cannot deadlock.

export type BookingsServiceOptions = {
  /** The cancellation window and meeting-link lead time, as the request read them. */
  settings: SchoolSettingsSource;
  mailer: Mailer;
  clock: Clock;
  mail: Pick<ClassMailContext, 'appUrl'>;
  /** A freed seat goes to the waitlist in the transaction that freed it. */
  waitlist: Pick<WaitlistService, 'promote' | 'onClassCancelled'>;
};

/** Who books: the session's user, of whom the confirmation names these alone (never the password hash). */
export type BookingLearner = Omit<MailRecipient, 'locale'> & { locale: string; cefrLevel: number | null };

export function createBookingsService(db: Database, options: BookingsServiceOptions) {
  /**
   * What cancelling a class's booking does at `now`. Until the window opens the credits come
   * back; inside it the learner may still cancel, keeping the seat free for others but not the credits;
   * once the class has started nobody cancels. The one reader of the window, a school setting. A learner
   * whose class the school moved after they booked (`moved`) cancels free of charge until the start.
   */
  function cancelTerms(
    startsAt: Date,
    now: Date,
    school: CurrentSchoolSettings,
    moved = false,
    clubPass = false,
  ) {
    const cancelUntil = new Date(startsAt.getTime() - school.cancelWindowHours * HOUR_MS);
    const started = now >= startsAt;
    // A Club pass booking holds no credits to keep: cancelling it frees the seat and the week's place.
    return { cancelUntil, started, free: now < cancelUntil || ((moved || clubPass) && !started) };
  }

  /** The mails of one event about booked classes, written in its transaction. */
  async function mailLearners(
    tx: Database,
    kind: ClassMailKind,
    event: string,
    booked: (BookingWithClass & {
      creditsBack?: number;
      creditsKept?: boolean;
      movedFrom?: BookingWithClass;
    })[],
  ): Promise<void> {
    const recipients = await findRecipients(tx, [...new Set(booked.map(({ booking }) => booking.userId))]);
    const context = {
      ...options.mail,
      school: await options.settings.current(tx),
      now: nowOf(options.clock),
    };
    for (const found of booked) {
      const to = recipients.get(found.booking.userId);
      if (to) await options.mailer.enqueue(tx, classMail(kind, event, to, found, context));
    }
  }

  /** A reminder written just before a booking ended must not go out after it. */
  function withdrawReminders(tx: Database, bookingIds: number[]) {
    return options.mailer.withdraw(
      tx,
      bookingIds.flatMap((id) => REMINDER_KINDS.map((kind) => reminderEvent(kind, id))),
      REMINDERS_WITHDRAWN,
    );
  }

  function toDto(found: BookingWithClass, now: Date, school: CurrentSchoolSettings): UserBooking {
    const { booking, schedule, courseTitle } = found;
    const startsAt = schedule.startsAt.toISOString();
    const terms = cancelTerms(
      schedule.startsAt,
      now,
      school,
      after(schedule.movedAt, booking.createdAt),
      booking.clubPass,
    );
    const cancellable = booking.status === 'booked' && schedule.status === 'scheduled' && !terms.started;
    return {
      id: booking.id,
      status: booking.status,
      schedule_id: schedule.id,
      course: { course_title: courseTitle },
      schedule: {
        course_title: courseTitle,
        title: schedule.title,
        schedule_time: startsAt,
        duration_min: schedule.durationMin,
        meeting_link: releasedMeetingLink(found, now, school.meetingLinkLeadMinutes),
        teacher_name: found.teacherName ?? null,
        status: schedule.status,
      },
      number_token: booking.credits,
      starts_at: startsAt,
      created_at: booking.createdAt.toISOString(),
      changed_at: after(schedule.changedAt, booking.createdAt)
        ? (schedule.changedAt?.toISOString() ?? null)
        : null,
      cancellable,
      free_cancellation: cancellable && terms.free,
      cancel_until: terms.cancelUntil.toISOString(),
      booked_inside_window: booking.createdAt >= terms.cancelUntil,
      late_cancel: booking.lateCancel,
      waived: booking.waivedAt !== null,
    };
  }

  /**
   * Cancels one booking and refunds it, or keeps its credits: a learner's `late` cancel, or the school's
   * removal without a refund (`kept`, which is no late cancel of the learner's); either way the seat goes
   * to the waitlist in the same transaction. Returns the credits given back.
   */
  function release(
    found: BookingWithClass,
    mail: 'booking-cancelled' | 'booking-removed',
    now: Date,
    credits: 'refund' | 'late' | 'kept' = 'refund',
  ) {
    return db.transaction(async (tx) => {
      await lockSchedule(tx, found.schedule.id);
      const booking = await markBookingCancelled(tx, found.booking.id, credits === 'late');
      if (!booking) throw new AppError('CONFLICT', MESSAGES.bookingAlreadyCancelled);
      await releaseSeat(tx, booking.scheduleId);
      await withdrawReminders(tx, [booking.id]);
      let refunded = 0;
      if (credits === 'late') await forfeitBooking(tx, booking);
      else if (credits === 'refund') refunded = await refundBooking(tx, booking, now);
      await mailLearners(tx, mail, `booking:${booking.id}:cancelled`, [
        {
          ...found,
          booking,
          creditsBack: credits === 'refund' ? refunded : undefined,
          creditsKept: credits === 'kept',
        },
      ]);
      await options.waitlist.promote(tx, booking.scheduleId);
      return refunded;
    });
  }

  async function loadOwn(userId: number, bookingId: number): Promise<BookingWithClass> {
    const found = await findBookingWithClass(db, bookingId);
    // Someone else's booking reads as unknown: its id tells nothing about other learners.
    if (!found || found.booking.userId !== userId) throw new AppError('NOT_FOUND', MESSAGES.bookingNotFound);
    return found;
  }

  async function whyNotWaivable(tx: Database, bookingId: number): Promise<AppError> {
    const found = await findBookingWithClass(tx, bookingId);
    if (!found) return new AppError('NOT_FOUND', MESSAGES.bookingNotFound);
    if (found.booking.waivedAt)
      return new AppError('CONFLICT', 'The credits of this booking were already given back.');
    return new AppError('CONFLICT', 'Only a late cancel or a no-show can have its credits given back.');
  }

  /**
   * Read only when the seat could not be taken, so a booking that succeeds pays for none of it;
   * `alreadyBooked` says it to an administrator booking for a learner.
   */
  async function whyNotBookable(
    tx: Database,
    userId: number,
    scheduleId: number,
    alreadyBooked: string = MESSAGES.alreadyBooked,
  ): Promise<AppError> {
    if (await findActiveBooking(tx, userId, scheduleId)) return new AppError('CONFLICT', alreadyBooked);
    const schedule = await findSchedule(tx, scheduleId);
    if (!schedule) return new AppError('NOT_FOUND', MESSAGES.classNotFound);
    if (schedule.status === 'cancelled') return new AppError('CONFLICT', MESSAGES.classCancelled);
    if (schedule.startsAt <= nowOf(options.clock)) {
      return new AppError('CONFLICT', MESSAGES.classStartedNoBooking);
    }
    return new AppError('CONFLICT', MESSAGES.classFull);
  }

  /** What the learner's pass says of a club class starting at `startsAt`, read without locks. */
  async function clubStanding(userId: number, startsAt: Date, school: CurrentSchoolSettings) {
    const [pass, weekBooked] = await Promise.all([
      findClubPass(db, userId),
      countClubBookingsBetween(db, userId, schoolWeekOf(startsAt, school.timeZone)),
    ]);
    return {
      covered: passCovers(pass, startsAt),
      pass_until: pass?.endsAt.toISOString() ?? null,
      week_booked: weekBooked,
      week_allowance: school.clubSessionsPerWeek,
    };
  }

  /**
   * A club class is booked with the learner's Club pass, never with tokens. The class row is locked
   * first (taking the seat), as on every path, then the learner's pass row, so the bookings of one
   * learner count the week's allowance one at a time; nothing stays written unless the pass covers the
   * class's start and the school week of that start has room.
   */
  function bookWithPass(userId: number, scheduleId: number, now: Date, school: CurrentSchoolSettings) {
    return db.transaction(async (tx) => {
      const taken = await takeSeat(tx, scheduleId);
      if (!taken) throw await whyNotBookable(tx, userId, scheduleId);
      const place = await clubPlaceFor(tx, userId, taken.schedule.startsAt, school);
      if (place === 'needs-pass') throw new AppError('CONFLICT', MESSAGES.clubPassNeeded);
      if (place === 'week-full') {
        throw AppError.of('CONFLICT', 'clubWeekFull', { max: school.clubSessionsPerWeek });
      }
      const booking = await insertClubBooking(tx, { userId, scheduleId });
      await endEntryOf(tx, { userId, scheduleId }, { status: 'promoted', at: now, bookingId: booking.id });
      const found = { ...taken, booking };
      await mailLearners(tx, 'booking-confirmed', `booking:${booking.id}:booked`, [found]);
      return found;
    });
  }

  return {
    /**
     * DESIGN.md section 6: the seat, the credits and the confirmation are written together or not at all,
     * by one statement. Its mail is a draft, drawn when it leaves; with an SMTP server its
     * delivery job joins it in a transaction.
     */
    async book(
      learner: BookingLearner,
      intent: BookingIntent,
    ): Promise<{ data: UserBooking; message: string }> {
      // The hot path: one round trip after the session's, which read the learner and
      // the school's settings (a second when the school's level rule must read the class's levels).
      const userId = learner.id;
      const now = nowOf(options.clock);
      const school = await options.settings.current();
      await checkBookingLevel(db, {
        learnerLevel: learner.cefrLevel,
        scheduleId: intent.schedule_id,
        rule: school.levelRule,
        confirmed: intent.confirm_level === true,
      });
      const { status, headers } = options.mailer.stamp(now);
      const confirmation = {
        recipient: learner.email,
        status,
        headers,
        draft: {
          template: 'class-mail' as const,
          // Named one by one: the session's user is the whole row, password hash included.
          to: {
            id: learner.id,
            email: learner.email,
            name: learner.name,
            timezone: learner.timezone,
            locale: mailLocaleOf(learner.locale),
          },
          school: mailedSchool(school),
        },
      };
      // A membership past due beyond its grace holds back bookings with credits (the statement refuses
      // itself); the Club pass's, which take no credits, are not this statement's.
      const book = (q: Database) =>
        takeSeatAndBook(
          q,
          { userId, scheduleId: intent.schedule_id, pastDueGraceDays: school.dunningGraceDays },
          now,
          confirmation,
        );
      let booked: Awaited<ReturnType<typeof book>>;
      try {
        booked = options.mailer.delivers
          ? await db.transaction(async (tx) => {
              const made = await book(tx);
              if (made) await options.mailer.written(tx, made.mailId);
              return made;
            })
          : await book(db);
      } catch (error) {
        // An active booking of the same class: the partial unique index is what guarantees it.
        if (isUniqueViolation(error, 'bookings_active_unique')) {
          throw new AppError('CONFLICT', MESSAGES.alreadyBooked);
        }
        if (isRefusal(error, CREDITS_SHORT)) throw new AppError('CONFLICT', MESSAGES.noCredit);
        if (isRefusal(error, MEMBERSHIP_PAST_DUE)) throw new AppError('CONFLICT', MESSAGES.membershipPastDue);
        throw error;
      }
      if (!booked && (await isClubClass(db, intent.schedule_id))) {
        const found = await bookWithPass(userId, intent.schedule_id, now, school).catch((error: unknown) => {
          if (isUniqueViolation(error, 'bookings_active_unique')) {
            throw new AppError('CONFLICT', MESSAGES.alreadyBooked);
          }
          throw error;
        });
        return { data: toDto(found, nowOf(options.clock), school), message: SUCCESS_BOOKING_MESSAGE };
      }
      if (!booked) {
        // A past-due membership is the answer whatever else stood in the way, as it is for a seat taken.
        if (await isPastDueBeyondGrace(db, userId, school.dunningGraceDays, now))
          throw new AppError('CONFLICT', MESSAGES.membershipPastDue);
        throw await whyNotBookable(db, userId, intent.schedule_id);
      }
      return { data: toDto(booked, nowOf(options.clock), school), message: SUCCESS_BOOKING_MESSAGE };
    },

    /** The confirmation step: what booking this class would cost and leave, nothing taken. */
    async preview(
      { id: userId, cefrLevel }: Pick<BookingLearner, 'id' | 'cefrLevel'>,
      scheduleId: number,
    ): Promise<BookingPreview> {
      const found = await findClassWithCourse(db, scheduleId);
      if (!found) throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
      const { schedule, courseTitle } = found;
      const club = found.courseClub === true;
      // A club class costs no credits: it is booked with the Club pass.
      const credits = club ? 0 : schedule.numberToken;
      const now = nowOf(options.clock);
      const [withdrawal, booked, school] = await Promise.all([
        planWithdrawal(db, userId, credits, now),
        findActiveBooking(db, userId, schedule.id),
        options.settings.current(),
      ]);
      const terms = cancelTerms(schedule.startsAt, now, school, false, club);
      return {
        schedule_id: schedule.id,
        course_title: courseTitle,
        title: schedule.title,
        starts_at: schedule.startsAt.toISOString(),
        duration_min: schedule.durationMin,
        credits,
        balance: withdrawal.balance,
        balance_after: withdrawal.balance - credits,
        uses: withdrawal.uses,
        cancel_window_hours: school.cancelWindowHours,
        cancel_until: terms.cancelUntil.toISOString(),
        free_cancellation: terms.free,
        already_booked: booked !== undefined,
        club: club ? await clubStanding(userId, schedule.startsAt, school) : null,
        level: bookingLevelOf(cefrLevel, found, school.levelRule),
      };
    },

    /**
     * The classes still to come the learner holds, so pages show Booked (with Cancel) rather
     * than Book Now.
     */
    async bookedClasses(userId: number): Promise<BookedClass[]> {
      const now = nowOf(options.clock);
      const [rows, school] = await Promise.all([bookedClasses(db, userId, now), options.settings.current()]);
      return rows.map((row) => {
        const terms = cancelTerms(row.startsAt, now, school, after(row.movedAt, row.bookedAt));
        return {
          schedule_id: row.scheduleId,
          booking_id: row.bookingId,
          credits: row.credits,
          cancellable: !terms.started,
          free_cancellation: terms.free,
          cancel_until: terms.cancelUntil.toISOString(),
          booked_inside_window: row.bookedAt >= terms.cancelUntil,
          join_open: row.hasLink && meetingLinkOpen(row.startsAt, now, school.meetingLinkLeadMinutes),
        };
      });
    },

    /**
     * A learner cancels their own booking before the class starts: the credits come back until
     * the window, later they are kept, and only when the learner said so (`late`), so nobody loses
     * credits to a page that still showed free cancellation.
     */
    async cancel(
      userId: number,
      bookingId: number,
      how: { late: boolean } = { late: false },
    ): Promise<{ data: UserBooking; message: string }> {
      const found = await loadOwn(userId, bookingId);
      if (found.booking.status === 'cancelled')
        throw new AppError('CONFLICT', MESSAGES.bookingAlreadyCancelled);
      const now = nowOf(options.clock);
      const school = await options.settings.current();
      const moved = after(found.schedule.movedAt, found.booking.createdAt);
      const terms = cancelTerms(found.schedule.startsAt, now, school, moved);
      if (terms.started) throw new AppError('CONFLICT', MESSAGES.classStartedNoCancel);
      const kept = creditCount(found.booking.credits);
      if (!terms.free && !how.late) {
        throw AppError.of('CONFLICT', 'lateCancelUnconfirmed', {
          hours: school.cancelWindowHours,
          credits: found.booking.credits,
        });
      }
      const refunded = await release(found, 'booking-cancelled', now, terms.free ? 'refund' : 'late');
      return {
        data: toDto(await loadOwn(userId, bookingId), now, school),
        message: terms.free
          ? `Booking cancelled. ${refunded} ${refunded === 1 ? 'credit was' : 'credits were'} returned.`
          : `Booking cancelled late: your ${kept} ${found.booking.credits === 1 ? 'was' : 'were'} not returned.`,
      };
    },

    /**
     * An administrator gives back the credits of a late cancel or a no-show, once, to the lots
     * they came from (a new lot for those that expired meanwhile), as an admin's removal refunds; the
     * ledger keeps who and why.
     */
    async waive(
      adminId: number,
      bookingId: number,
      body: WaiveBody,
    ): Promise<{ data: { booking_id: number; credits: number; balance: number }; message: string }> {
      const now = nowOf(options.clock);
      const given = await db.transaction(async (tx) => {
        const booking = await markBookingWaived(tx, bookingId, { by: adminId, at: now });
        if (!booking) throw await whyNotWaivable(tx, bookingId);
        const back = await refundBooking(tx, booking, now, {
          reason: 'waiver',
          note: body.reason,
          actorId: adminId,
        });
        return { userId: booking.userId, back };
      });
      return {
        data: {
          booking_id: bookingId,
          credits: given.back,
          balance: await getBalance(db, given.userId, now),
        },
        message: `${creditCount(given.back)} given back to the learner.`,
      };
    },

    /**
     * An admin removes one learner's booking, whatever the window, giving the credits back or (with a
     * reason, kept in the audit log) not; the learner is told by mail, as of a school cancellation.
     */
    async adminCancel(
      bookingId: number,
      { refund }: Pick<BookingRemoveBody, 'refund'> = { refund: true },
    ): Promise<{ data: UserBooking; message: string }> {
      const found = await findBookingWithClass(db, bookingId);
      if (!found) throw new AppError('NOT_FOUND', MESSAGES.bookingNotFound);
      if (found.booking.status === 'cancelled')
        throw new AppError('CONFLICT', MESSAGES.bookingAlreadyCancelled);
      const now = nowOf(options.clock);
      const refunded = await release(found, 'booking-removed', now, refund ? 'refund' : 'kept');
      const [after, school] = await Promise.all([
        findBookingWithClass(db, bookingId),
        options.settings.current(),
      ]);
      return {
        data: toDto(after ?? found, now, school),
        message: refund
          ? `Booking removed. ${refunded} ${refunded === 1 ? 'credit was' : 'credits were'} returned to the learner.`
          : `Booking removed. The learner's ${creditCount(found.booking.credits)} ${found.booking.credits === 1 ? 'was' : 'were'} not returned.`,
      };
    },

    /**
     * An administrator gives a learner a place: paid from their credits by book-class's own statement
     * (the lots expiring first, the ledger beside them, the confirmation mail), or `free` (the reason is
     * the audit log's). The learner must be an active learner; the class's rules are a booking's.
     */
    async addLearner(
      scheduleId: number,
      body: RosterAddBody,
    ): Promise<{ data: UserBooking; message: string }> {
      const learner = await findUserWithRole(db, body.user_id, 'user');
      if (!learner) throw new AppError('NOT_FOUND', 'This learner does not exist.');
      if (learner.disabledAt) throw new AppError('CONFLICT', 'This account is disabled.');
      const now = nowOf(options.clock);
      const school = await options.settings.current();
      const { status, headers } = options.mailer.stamp(now);
      const to = (await findRecipients(db, [learner.id])).get(learner.id);
      if (!to) throw new AppError('NOT_FOUND', 'This learner does not exist.');
      const confirmation: ConfirmationRow = {
        recipient: to.email,
        status,
        headers,
        draft: { template: 'class-mail', to, school: mailedSchool(school) },
      };
      let booked: Awaited<ReturnType<typeof takeSeatAndBook>>;
      try {
        booked = await db.transaction(async (tx) => {
          const made = await takeSeatAndBook(
            tx,
            { userId: learner.id, scheduleId, free: body.free },
            now,
            confirmation,
          );
          if (made && options.mailer.delivers) await options.mailer.written(tx, made.mailId);
          return made;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'bookings_active_unique'))
          throw new AppError('CONFLICT', LEARNER_ALREADY_BOOKED);
        if (isRefusal(error, CREDITS_SHORT))
          throw new AppError('CONFLICT', "The learner's credits are short for this class.");
        throw error;
      }
      if (!booked && (await isClubClass(db, scheduleId))) {
        // A club class is booked with the learner's Club pass, whoever books it, never with credits.
        const found = await bookWithPass(learner.id, scheduleId, now, school).catch((error: unknown) => {
          if (isUniqueViolation(error, 'bookings_active_unique'))
            throw new AppError('CONFLICT', LEARNER_ALREADY_BOOKED);
          throw error;
        });
        return { data: toDto(found, now, school), message: `${learner.name} added with their Club pass.` };
      }
      if (!booked) throw await whyNotBookable(db, learner.id, scheduleId, LEARNER_ALREADY_BOOKED);
      const credits = booked.booking.credits;
      return {
        data: toDto(booked, now, school),
        message: body.free
          ? `${learner.name} added to the class free of charge.`
          : `${learner.name} added to the class; ${creditCount(credits)} taken.`,
      };
    },

    /**
     * An administrator moves a learner's booking to another class with a free seat: the old booking is
     * cancelled and its seat goes to its waitlist, a new one takes the other class's seat, and the credits
     * the old one took pass to the new one lot by lot (a transfer pair per lot, which nets to zero on it),
     * so nothing is charged or lost whatever the other class costs, and a later cancel refunds them.
     */
    async move(bookingId: number, body: BookingMoveBody): Promise<{ data: UserBooking; message: string }> {
      const found = await findBookingWithClass(db, bookingId);
      if (!found) throw new AppError('NOT_FOUND', MESSAGES.bookingNotFound);
      if (found.booking.status === 'cancelled')
        throw new AppError('CONFLICT', MESSAGES.bookingAlreadyCancelled);
      if (found.schedule.id === body.schedule_id)
        throw new AppError('CONFLICT', 'The learner is already in this class: choose another one.');
      const now = nowOf(options.clock);
      // A class that has begun is the learner's record (attendance, a waiver): moving it would hand out a
      // second class for the same credits.
      if (
        found.schedule.startsAt <= now ||
        found.booking.attendance !== null ||
        found.booking.waivedAt !== null
      )
        throw new AppError('CONFLICT', 'This class has started: its bookings stay where they are.');
      // Passes never mix with credits: a Club pass place moves to a club class, a credits place to another.
      if ((await isClubClass(db, body.schedule_id)) !== found.booking.clubPass) {
        throw new AppError(
          'CONFLICT',
          found.booking.clubPass
            ? 'A Club pass place moves only to another club class.'
            : 'A club class is booked with the Club pass: a place paid with credits cannot move to it.',
        );
      }
      const { userId } = found.booking;
      const school = await options.settings.current();
      let moved: BookingWithClass;
      try {
        moved = await db.transaction(async (tx) => {
          // Both class rows first, in id order, so two moves between the same classes cannot deadlock.
          for (const id of [found.schedule.id, body.schedule_id].sort((a, b) => a - b))
            await lockSchedule(tx, id);
          const seat = await takeSeat(tx, body.schedule_id);
          if (!seat) throw await whyNotBookable(tx, userId, body.schedule_id, LEARNER_ALREADY_BOOKED);
          const old = await markBookingCancelled(tx, found.booking.id);
          if (!old) throw new AppError('CONFLICT', MESSAGES.bookingAlreadyCancelled);
          // A pass place moves only where the pass covers the class and its week has room, the old place
          // (cancelled just above) no longer counting.
          if (old.clubPass && (await clubPlaceFor(tx, userId, seat.schedule.startsAt, school)) !== 'free')
            throw new AppError('CONFLICT', "The learner's Club pass does not cover that class or its week.");
          await releaseSeat(tx, old.scheduleId);
          const booking = await insertBooking(tx, {
            userId,
            scheduleId: body.schedule_id,
            credits: old.credits,
            clubPass: old.clubPass,
          });
          await endEntryOf(
            tx,
            { userId, scheduleId: body.schedule_id },
            { status: 'promoted', at: now, bookingId: booking.id },
          );
          await transferBooking(tx, old, booking);
          await withdrawReminders(tx, [old.id]);
          const to = { ...seat, booking };
          await mailLearners(tx, 'booking-moved', `booking:${old.id}:moved`, [
            { ...to, movedFrom: { ...found, booking: old } },
          ]);
          await options.waitlist.promote(tx, old.scheduleId);
          return to;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'bookings_active_unique'))
          throw new AppError('CONFLICT', LEARNER_ALREADY_BOOKED);
        throw error;
      }
      return {
        data: toDto(moved, now, school),
        message: `Booking moved to ${moved.schedule.title}; its ${creditCount(moved.booking.credits)} carried over.`,
      };
    },

    /** GET admin-course-schedule/:id/roster.csv: who booked the class, cancelled bookings too. */
    async rosterCsv(scheduleId: number) {
      if (!(await findSchedule(db, scheduleId))) throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
      return rosterCsv(scheduleId, await scheduleRoster(db, scheduleId));
    },

    /** An admin cancels a class: every active booking is cancelled and refunded, whatever the window. */
    async cancelSchedule(
      scheduleId: number,
    ): Promise<{ id: number; status: 'cancelled'; refunded_bookings: number }> {
      const refundedBookings = await db.transaction(async (tx) => {
        if (!(await lockSchedule(tx, scheduleId))) throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
        const active = await lockActiveBookingsOf(tx, scheduleId);
        const schedule = await markScheduleCancelled(tx, scheduleId);
        if (schedule) await options.waitlist.onClassCancelled(tx, schedule);
        const cancelled: (BookingWithClass & { creditsBack: number })[] = [];
        for (const booking of active) {
          const done = await markBookingCancelled(tx, booking.id);
          const creditsBack = await refundBooking(tx, booking, nowOf(options.clock));
          if (schedule && done) cancelled.push({ booking: done, schedule, courseTitle: null, creditsBack });
        }
        await mailLearners(tx, 'class-cancelled', `schedule:${scheduleId}:cancelled`, cancelled);
        await withdrawReminders(
          tx,
          active.map((booking) => booking.id),
        );
        return active.length;
      });
      return { id: scheduleId, status: 'cancelled', refunded_bookings: refundedBookings };
    },

    /** One tab of the learner's booking list, by class time (see UserBookingsFilter). */
    async listForUser(
      userId: number,
      page: number,
      filter: UserBookingsFilter,
    ): Promise<Paginated<UserBooking>> {
      const now = nowOf(options.clock);
      const [{ rows, total }, school] = await Promise.all([
        pageUserBookings(db, userId, { offset: pageOffset(page), limit: PAGE_SIZE, filter, now }),
        options.settings.current(),
      ]);
      return toPage(
        rows.map((row) => toDto(row, now, school)),
        total,
        page,
      );
    },

    /** A booking's calendar file, its words in `locale`, the learner's. */
    async calendarFile(
      userId: number,
      bookingId: number,
      locale: Locale,
    ): Promise<{ filename: string; body: string }> {
      const [found, school] = await Promise.all([loadOwn(userId, bookingId), options.settings.current()]);
      const now = nowOf(options.clock);
      return {
        filename: `tokenly-class-${bookingId}.ics`,
        body: bookingCalendarFile(found, now, school.meetingLinkLeadMinutes, mailTranslator(locale).t),
      };
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
