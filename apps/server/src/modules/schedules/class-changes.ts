import type { ClassChange } from '@tokenly/contract/schedules';
import { DEFAULT_LOCALE } from '@tokenly/i18n/locales';
import type { Database } from '../../db/client';
import { type Clock, nowOf } from '../../lib/clock';
import type { BookingWithClass } from '../bookings/bookings-repository';
import { meetingLinkOpen } from '../bookings/meeting-link';
import { findRecipients } from '../mail/mail-recipients-repository';
import type { Mailer } from '../mail/mailer';
import { type ChangeAudience, classChangedMail } from '../mail/templates/class-changed-mail';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { activeBookingsOf, markClassChanged, waitingUserIdsOf } from './class-changes-repository';
import { findSchedule, type ScheduleWithCourse } from './schedules-repository';

/** What of a class its learners hear about, with the names a mail or the admin form shows. */
export type ClassFacts = Pick<
  ScheduleWithCourse,
  'startsAt' | 'teacherId' | 'teacherName' | 'courseId' | 'courseTitle' | 'meetingLink'
>;

/** What decides whether a change is news: the link released at the new start, the class already held. */
export type ChangeMoment = { linkOpen: boolean; over: boolean };

/**
 * The changes between a class as it was and as it is (or would be). A new meeting link is told only once
 * the link is released (`linkOpen`): before that learners have never seen one, and see the new one when
 * it appears; the title, seats and credits are the school's bookkeeping and not mailed. A class that had
 * started before the change and still has (`over`: the school correcting its records, say its teacher)
 * is news to nobody.
 */
export function classChanges(
  before: ClassFacts,
  after: ClassFacts,
  { linkOpen, over }: ChangeMoment,
): ClassChange[] {
  const changes: ClassChange[] = [];
  if (before.startsAt.getTime() !== after.startsAt.getTime()) {
    const [from, to] = [before.startsAt.toISOString(), after.startsAt.toISOString()];
    changes.push({ field: 'time', from, to, told: !over });
  }
  if (before.teacherId !== after.teacherId)
    changes.push({ field: 'teacher', from: before.teacherName, to: after.teacherName, told: !over });
  if (before.courseId !== after.courseId)
    changes.push({ field: 'type', from: before.courseTitle, to: after.courseTitle, told: !over });
  if (before.meetingLink !== after.meetingLink) {
    const told = linkOpen && !over;
    changes.push({ field: 'meeting_link', from: before.meetingLink, to: after.meetingLink, told });
  }
  return changes;
}

/**
 * Changes that reach people: when a saved change of a class is one its learners must know of, its
 * revision counts up and every learner booked on it gets one mail with the change and the updated
 * calendar event, every learner on its waitlist one without, and its teacher one with the class's own
 * event; a new teacher (a substitute) is told with the class given, and the teacher it was taken from
 * with it withdrawn. A new learners' link is no news to the waitlist or the teachers.
 */
export function createClassChanges(options: {
  mailer: Mailer;
  settings: SchoolSettingsSource;
  clock: Clock;
  appUrl: string;
}) {
  /** A change of a class from one start to another, now: what makes it news (classChanges). */
  async function momentOf(from: Date, to: Date, tx?: Database): Promise<ChangeMoment> {
    const school = await options.settings.current(tx);
    const now = nowOf(options.clock);
    return {
      linkOpen: meetingLinkOpen(to, now, school.meetingLinkLeadMinutes),
      over: from <= now && to <= now,
    };
  }

  return {
    momentOf,

    /**
     * In the transaction that saved the class, after the save: `before` is the class as it was read
     * before it. A cancelled class is not announced: its learners were told it was cancelled.
     */
    async announce(tx: Database, before: ScheduleWithCourse): Promise<void> {
      const after = await findSchedule(tx, before.id);
      if (!after || after.status === 'cancelled') return;
      const school = await options.settings.current(tx);
      const now = nowOf(options.clock);
      const moment = await momentOf(before.startsAt, after.startsAt, tx);
      const changes = classChanges(before, after, moment).filter((change) => change.told);
      if (changes.length === 0) return;
      const moved = changes.some((change) => change.field === 'time');
      const schedule = await markClassChanged(tx, after.id, { at: now, moved });
      const [booked, waiting] = await Promise.all([
        activeBookingsOf(tx, after.id),
        waitingUserIdsOf(tx, after.id),
      ]);
      // A learners' link is no news to those waiting or to teachers (who use the host link).
      const news = changes.filter((change) => change.field !== 'meeting_link');
      const teachers: [number | null, ChangeAudience][] =
        news.length === 0
          ? []
          : before.teacherId === after.teacherId
            ? [[after.teacherId, 'teaching']]
            : [
                [before.teacherId, 'teaching-old'],
                [after.teacherId, 'teaching-new'],
              ];
      const recipients = await findRecipients(tx, [
        ...booked.map((booking) => booking.userId),
        ...waiting,
        ...teachers.flatMap(([id]) => (id === null ? [] : [id])),
      ]);
      // One mail per person and change: the revision keys it, so a retried save cannot send it twice.
      const event = `schedule:${after.id}:changed:${schedule.revision}`;
      const context = { appUrl: options.appUrl, school, now };
      const changed = { schedule, courseTitle: after.courseTitle };
      const send = async (
        userId: number | null,
        audience: ChangeAudience,
        found: BookingWithClass | null,
        told: ClassChange[],
      ) => {
        const to = userId === null ? undefined : recipients.get(userId);
        if (!to) return;
        // Teachers read the school in English, as their screens are.
        const reader = audience.startsWith('teaching') ? { ...to, locale: DEFAULT_LOCALE } : to;
        const mail = classChangedMail(event, reader, audience, found, { ...changed, changes: told }, context);
        await options.mailer.enqueue(tx, mail);
      };
      for (const booking of booked) {
        await send(booking.userId, 'booked', { booking, schedule, courseTitle: after.courseTitle }, changes);
      }
      if (news.length === 0) return;
      const bookedIds = new Set(booked.map((booking) => booking.userId));
      for (const userId of waiting) if (!bookedIds.has(userId)) await send(userId, 'waiting', null, news);
      for (const [userId, audience] of teachers) await send(userId, audience, null, news);
    },
  };
}

export type ClassChanges = ReturnType<typeof createClassChanges>;
