import { MESSAGES } from '@tokenly/contract/messages';
import {
  type AdminWaitlistEntry,
  type JoinWaitlistBody,
  type UserWaitlistEntry,
  waitlistPositionLabel,
} from '@tokenly/contract/waitlist';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { ScheduleRow } from '../../db/schema/schedules';
import type { WaitlistEntryRow } from '../../db/schema/waitlist-entries';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import {
  type BookingWithClass,
  findActiveBooking,
  findSchedule,
  insertBooking,
  lockSchedule,
  takeSeat,
} from '../bookings/bookings-repository';
import { insertClubBooking, isClubClass } from '../bookings/club-bookings-repository';
import { findClassWithCourse } from '../calendar/calendar-repository';
import { findClubPass } from '../club-pass/club-pass-repository';
import { clubPlaceFor, passCovers } from '../club-pass/club-pass-service';
import { consumeCredits, getBalance, hasCredits } from '../credits/credit-service';
import { bookingLevelOf, checkBookingLevel, levelAllows } from '../levels/level-rule';
import { classLevelRange, learnerLevels } from '../levels/levels-repository';
import { findRecipients } from '../mail/mail-recipients-repository';
import type { Mailer } from '../mail/mailer';
import { type ClassMailContext, classMail, mailClassTitle } from '../mail/templates/class-mail';
import { type WaitlistNoticeKind, waitlistNotice } from '../mail/templates/waitlist-mail';
import type { CurrentSchoolSettings, SchoolSettingsSource } from '../school-settings/school-settings-service';
import {
  countWaitingUpcoming,
  endEntry,
  endEntryOf,
  insertEntry,
  listScheduleQueue,
  listUserWaiting,
  lockQueue,
  schedulesToSweep,
  type UserWaitlistRow,
} from './waitlist-repository';

// docs/decisions/008: a freed seat goes to the first learner in line with enough credits,
// in the transaction that freed it, with the class row locked (the lock order of bookings-service:
// class, then its waitlist, then each learner's credits). Nobody is promoted at or after the cutoff,
// WAITLIST_CUTOFF_HOURS before the start; the sweep closes the waitlist then.

const HOUR_MS = 60 * 60 * 1000;

export type WaitlistServiceOptions = {
  /** The cutoff, WAITLIST_CUTOFF_HOURS's first value, and the mails' zone and sender come from here. */
  settings: SchoolSettingsSource;
  mailer: Mailer;
  clock: Clock;
  mail: Pick<ClassMailContext, 'appUrl'>;
};

export type SweepResult = { closed: number; promoted: number };

export function createWaitlistService(db: Database, options: WaitlistServiceOptions) {
  const cutoffMsOf = (school: CurrentSchoolSettings) => school.waitlistCutoffHours * HOUR_MS;
  const cutoffMsIn = async (tx: Database) => cutoffMsOf(await options.settings.current(tx));
  const closesAt = (schedule: Pick<ScheduleRow, 'startsAt'>, cutoffMs: number) =>
    new Date(schedule.startsAt.getTime() - cutoffMs);
  const isOpen = (schedule: ScheduleRow, now: Date, cutoffMs: number) =>
    schedule.status === 'scheduled' && now < closesAt(schedule, cutoffMs);

  function toUserDto(row: UserWaitlistRow, cutoffMs: number): UserWaitlistEntry {
    return {
      schedule_id: row.entry.scheduleId,
      position: row.position,
      joined_at: row.entry.joinedAt.toISOString(),
      title: row.title,
      course_title: row.courseTitle,
      starts_at: row.startsAt.toISOString(),
      duration_min: row.durationMin,
      number_token: row.numberToken,
      closes_at: closesAt(row, cutoffMs).toISOString(),
    };
  }

  /** The notices without a seat, one per place in line and kind: a learner skipped twice is told once. */
  async function notify(
    tx: Database,
    kind: WaitlistNoticeKind,
    entries: WaitlistEntryRow[],
    schedule: ScheduleRow,
    school: CurrentSchoolSettings,
  ): Promise<void> {
    if (entries.length === 0) return;
    const recipients = await findRecipients(
      tx,
      entries.map((entry) => entry.userId),
    );
    const courseTitle = (await findClassWithCourse(tx, schedule.id))?.courseTitle ?? null;
    for (const entry of entries) {
      const to = recipients.get(entry.userId);
      if (!to) continue;
      const mail = waitlistNotice(
        kind,
        `waitlist:${entry.id}:${kind.replace('waitlist-', '')}`,
        to,
        {
          classTitle: mailClassTitle(schedule.title, courseTitle),
          startsAt: schedule.startsAt,
          credits: schedule.numberToken,
          cancelled: schedule.status === 'cancelled',
        },
        { ...options.mail, school },
      );
      await options.mailer.enqueue(tx, mail);
    }
  }

  /**
   * Fills the class's free seats from its waitlist, in the caller's transaction. Idempotent: with no
   * free seat, no one waiting, or at the cutoff it does nothing. Returns the bookings it made.
   */
  async function promote(tx: Database, scheduleId: number): Promise<BookingWithClass[]> {
    // Locked again (a no-op when the caller holds it) so every path serialises on the class row.
    const schedule = await lockSchedule(tx, scheduleId);
    const now = nowOf(options.clock);
    const school = await options.settings.current(tx);
    if (!schedule || !isOpen(schedule, now, cutoffMsOf(school))) return [];
    let free = schedule.noOfUsers - schedule.seatsTaken;
    if (free <= 0) return [];
    const promoted: BookingWithClass[] = [];
    const skipped: WaitlistEntryRow[] = [];
    // A club class's seat goes with the Club pass and its weekly allowance, never with tokens.
    const club = await isClubClass(tx, scheduleId);
    const range = await classLevelRange(tx, scheduleId);
    const queue = await lockQueue(tx, scheduleId);
    // Under the rule "refuse", a learner whose level no longer fits the class (changed since joining) is
    // passed over and keeps the place in line; "warn" was confirmed on joining.
    const levels =
      school.levelRule === 'refuse' && range
        ? await learnerLevels(
            tx,
            queue.map((e) => e.userId),
          )
        : null;
    for (const entry of queue) {
      if (free === 0) break;
      if (levels && range && !levelAllows(bookingLevelOf(levels.get(entry.userId) ?? null, range, 'refuse')))
        continue;
      const eligible = club
        ? (await clubPlaceFor(tx, entry.userId, schedule.startsAt, school)) === 'free'
        : await hasCredits(tx, entry.userId, schedule.numberToken, now);
      if (!eligible) {
        skipped.push(entry);
        continue;
      }
      // Also refuses a class that has started, whatever the clock above said (SQL now()).
      const taken = await takeSeat(tx, scheduleId);
      if (!taken) break;
      const booking = club
        ? await insertClubBooking(tx, { userId: entry.userId, scheduleId })
        : await insertBooking(tx, {
            userId: entry.userId,
            scheduleId,
            credits: taken.schedule.numberToken,
          });
      if (!club) {
        await consumeCredits(tx, {
          userId: entry.userId,
          credits: booking.credits,
          bookingId: booking.id,
          now,
        });
      }
      await endEntry(tx, entry.id, { status: 'promoted', at: now, bookingId: booking.id });
      promoted.push({ booking, schedule: taken.schedule, courseTitle: taken.courseTitle });
      free -= 1;
    }
    const recipients = await findRecipients(
      tx,
      promoted.map(({ booking }) => booking.userId),
    );
    for (const found of promoted) {
      const to = recipients.get(found.booking.userId);
      if (!to) continue;
      const context = { ...options.mail, school, now };
      await options.mailer.enqueue(
        tx,
        classMail('waitlist-promoted', `booking:${found.booking.id}:booked`, to, found, context),
      );
    }
    await notify(tx, 'waitlist-skipped', skipped, schedule, school);
    return promoted;
  }

  /** Ends every place in line of the class and tells each learner; nothing is charged. */
  async function close(tx: Database, schedule: ScheduleRow): Promise<number> {
    const now = nowOf(options.clock);
    const closed: WaitlistEntryRow[] = [];
    for (const entry of await lockQueue(tx, schedule.id)) {
      const ended = await endEntry(tx, entry.id, { status: 'closed', at: now });
      if (ended) closed.push(ended);
    }
    await notify(tx, 'waitlist-closed', closed, schedule, await options.settings.current(tx));
    return closed.length;
  }

  async function ownEntry(userId: number, scheduleId: number): Promise<UserWaitlistEntry> {
    const [row] = await listUserWaiting(db, userId, { now: nowOf(options.clock), scheduleId });
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.notWaiting);
    return toUserDto(row, await cutoffMsIn(db));
  }

  return {
    promote,

    /** A learner booked a seat of the class themselves: they no longer wait for one. */
    async onBooked(tx: Database, booking: { id: number; userId: number; scheduleId: number }): Promise<void> {
      await endEntryOf(
        tx,
        { userId: booking.userId, scheduleId: booking.scheduleId },
        { status: 'promoted', at: nowOf(options.clock), bookingId: booking.id },
      );
    },

    /** The class was cancelled: its waitlist closes with it (the caller holds the class row). */
    async onClassCancelled(tx: Database, schedule: ScheduleRow): Promise<void> {
      await close(tx, schedule);
    },

    /** Joining needs a full class whose waitlist is open and the class's credits in balance; takes none. */
    async join(
      learner: { id: number; cefrLevel: number | null },
      { schedule_id: scheduleId, confirm_level }: JoinWaitlistBody,
    ): Promise<{ data: UserWaitlistEntry; message: string }> {
      const userId = learner.id;
      await checkBookingLevel(db, {
        learnerLevel: learner.cefrLevel,
        scheduleId,
        rule: (await options.settings.current()).levelRule,
        confirmed: confirm_level === true,
      });
      try {
        await db.transaction(async (tx) => {
          // The class row, as a booking takes it: "full" cannot change until this commits.
          const schedule = await lockSchedule(tx, scheduleId);
          const now = nowOf(options.clock);
          if (!schedule) throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
          if (schedule.status === 'cancelled') throw new AppError('CONFLICT', MESSAGES.classCancelled);
          if (schedule.startsAt <= now) {
            throw new AppError('CONFLICT', MESSAGES.classStartedNoBooking);
          }
          if (!isOpen(schedule, now, await cutoffMsIn(tx)))
            throw new AppError('CONFLICT', MESSAGES.waitlistClosed);
          if (await findActiveBooking(tx, userId, scheduleId)) {
            throw new AppError('CONFLICT', MESSAGES.alreadyBooked);
          }
          if (schedule.seatsTaken < schedule.noOfUsers) {
            throw new AppError('CONFLICT', MESSAGES.waitlistSeatsFree);
          }
          if (await isClubClass(tx, scheduleId)) {
            // A club class waits with the pass that would book it.
            if (!passCovers(await findClubPass(tx, userId), schedule.startsAt)) {
              throw new AppError('CONFLICT', MESSAGES.clubPassNeeded);
            }
          } else if ((await getBalance(tx, userId, now)) < schedule.numberToken) {
            throw new AppError('CONFLICT', MESSAGES.noCredit);
          }
          await insertEntry(tx, { scheduleId, userId, joinedAt: now });
        });
      } catch (error) {
        if (isUniqueViolation(error, 'waitlist_entries_waiting_unique')) {
          throw new AppError('CONFLICT', MESSAGES.alreadyWaiting);
        }
        throw error;
      }
      const data = await ownEntry(userId, scheduleId);
      return { data, message: `You joined the waitlist: ${waitlistPositionLabel(data.position)}.` };
    },

    async leave(
      userId: number,
      scheduleId: number,
    ): Promise<{ data: { schedule_id: number }; message: string }> {
      const ended = await endEntryOf(
        db,
        { userId, scheduleId },
        { status: 'left', at: nowOf(options.clock) },
      );
      if (!ended) throw new AppError('NOT_FOUND', MESSAGES.notWaiting);
      return { data: { schedule_id: scheduleId }, message: 'You left the waitlist.' };
    },

    async listForUser(userId: number): Promise<UserWaitlistEntry[]> {
      const [rows, cutoffMs] = await Promise.all([
        listUserWaiting(db, userId, { now: nowOf(options.clock) }),
        cutoffMsIn(db),
      ]);
      return rows.map((row) => toUserDto(row, cutoffMs));
    },

    async listForSchedule(scheduleId: number): Promise<AdminWaitlistEntry[]> {
      if (!(await findSchedule(db, scheduleId))) throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
      return (await listScheduleQueue(db, scheduleId)).map(({ entry, name, email }, index) => ({
        id: entry.id,
        position: index + 1,
        user_id: entry.userId,
        name,
        email,
        joined_at: entry.joinedAt.toISOString(),
      }));
    },

    async remove(entryId: number): Promise<{ data: { id: number; schedule_id: number }; message: string }> {
      const ended = await endEntry(db, entryId, { status: 'removed', at: nowOf(options.clock) });
      if (!ended) throw new AppError('NOT_FOUND', 'This learner is not waiting for a seat.');
      return { data: { id: ended.id, schedule_id: ended.scheduleId }, message: 'Removed from the waitlist.' };
    },

    countUpcoming: (now: Date) => countWaitingUpcoming(db, now),

    /**
     * The job's work (waitlist.sweep, every minute): closes the waitlists at or past their cutoff (or of
     * cancelled classes) and fills free seats a learner in line can now pay for. Each class in its own
     * transaction with its row locked, so it serialises with cancellations and capacity changes.
     */
    async sweep(): Promise<SweepResult> {
      const result: SweepResult = { closed: 0, promoted: 0 };
      const due = await schedulesToSweep(
        db,
        new Date(nowOf(options.clock).getTime() + (await cutoffMsIn(db))),
      );
      for (const scheduleId of due) {
        await db.transaction(async (tx) => {
          const schedule = await lockSchedule(tx, scheduleId);
          if (!schedule) return;
          if (isOpen(schedule, nowOf(options.clock), await cutoffMsIn(tx)))
            result.promoted += (await promote(tx, scheduleId)).length;
          else result.closed += await close(tx, schedule);
        });
      }
      return result;
    },
  };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
