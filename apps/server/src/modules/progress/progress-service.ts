import { randomBytes } from 'node:crypto';
import { type CefrLevel, levelOfRank, levelRank } from '@tokenly/contract/levels';
import { MESSAGES } from '@tokenly/contract/messages';
import {
  type Certificate,
  type CertificateBody,
  type CertificateCheck,
  type ClassNote,
  type ClassNoteBody,
  GUIDED_LEARNING_HOURS,
  type Progress,
  verifyPath,
} from '@tokenly/contract/progress';
import type { Database } from '../../db/client';
import type { CertificateRow } from '../../db/schema/progress';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { addDays, parseLocalDate, startOfLocalDay, toLocalDateTime } from '../../lib/time-zone';
import type { LevelsService } from '../levels/levels-service';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { isoDate } from '../series/series-rule';
import { findUserWithRole } from '../users/users-repository';
import { renderCertificatePdf } from './certificate-pdf';
import {
  findActiveBooking,
  findCertificate,
  findClass,
  insertCertificate,
  listAttendedSince,
  listCertificates,
  listClassNotes,
  listLearnerNotes,
  type NoteRow,
  revokeCertificate,
  sumAttended,
  upsertNote,
} from './progress-repository';

const WEEKS = 12;
const NOTES_SHOWN = 100;
const NO_CERTIFICATE = 'No certificate has this code.';
const NO_SUCH_CERTIFICATE = 'This certificate does not exist.';

const toNote = (row: NoteRow): ClassNote => ({
  booking_id: row.bookingId,
  went_well: row.wentWell,
  work_on: row.workOn,
  author_name: row.authorName,
  updated_at: row.updatedAt.toISOString(),
});

const toCertificate = (row: CertificateRow): Certificate => ({
  id: row.id,
  code: row.code,
  learner_name: row.learnerName,
  level: levelOfRank(row.level),
  from: row.periodFrom,
  to: row.periodTo,
  classes: row.classes,
  minutes: row.minutes,
  school_name: row.schoolName,
  issued_at: row.issuedAt.toISOString(),
  revoked_at: row.revokedAt?.toISOString() ?? null,
  revoke_reason: row.revokeReason,
});

/** The level after this one, with the guided hours Cambridge gives for it; null at the top. */
function nextLevel(level: CefrLevel) {
  const next = levelOfRank(levelRank(level) + 1);
  if (next === null || next === 'A1') return null;
  const hours = GUIDED_LEARNING_HOURS[next];
  return { level: next, hours_from: hours.from, hours_to: hours.to };
}

export function createProgressService(
  db: Database,
  {
    clock,
    settings,
    levels,
    appUrl,
  }: {
    clock: Clock;
    settings: SchoolSettingsSource;
    levels: Pick<LevelsService, 'learnerLevel'>;
    appUrl: string;
  },
) {
  /** Notes are written once the class has started, on a learner still booked, for good (no closing window). */
  async function saveNote(
    authorId: number,
    scheduleId: number,
    body: ClassNoteBody & { booking_id: number },
    teacherId?: number,
  ): Promise<ClassNote> {
    const found = await findClass(db, scheduleId, teacherId);
    if (!found) throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
    const now = nowOf(clock);
    if (found.status !== 'scheduled') throw new AppError('CONFLICT', 'This class was cancelled.');
    if (now < found.startsAt)
      throw new AppError('CONFLICT', 'Notes can be written once the class has started.');
    if (!(await findActiveBooking(db, scheduleId, body.booking_id)))
      throw new AppError('NOT_FOUND', 'This learner is not booked on this class.');
    const row = await upsertNote(db, {
      bookingId: body.booking_id,
      authorId,
      wentWell: body.went_well,
      workOn: body.work_on,
      at: now,
    });
    if (!row) throw new Error('the note just written was not found');
    return toNote(row);
  }

  async function notesOf(scheduleId: number, teacherId?: number): Promise<ClassNote[]> {
    if (!(await findClass(db, scheduleId, teacherId)))
      throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
    return (await listClassNotes(db, scheduleId)).map(toNote);
  }

  /** The twelve weeks up to now, Monday first in the school's zone, empty weeks included. */
  async function weeksOf(userId: number, now: Date, timeZone: string) {
    const today = toLocalDateTime(now, timeZone);
    const weekday = addDays(today, 0).weekday;
    const monday = addDays(today, -((weekday + 6) % 7));
    const starts = Array.from({ length: WEEKS }, (_, i) => addDays(monday, 7 * (i - WEEKS + 1)));
    const bounds = starts.map((day) => startOfLocalDay(day, timeZone));
    const weeks = starts.map((day) => ({ week: isoDate(day), classes: 0, minutes: 0 }));
    for (const row of await listAttendedSince(db, userId, bounds[0] ?? now)) {
      const index = bounds.findLastIndex((bound) => bound <= row.startsAt);
      const week = weeks[index];
      if (!week) continue;
      week.classes += 1;
      week.minutes += row.minutes;
    }
    return weeks;
  }

  async function progressOf(userId: number): Promise<Progress> {
    const now = nowOf(clock);
    const [learner, total, { timeZone }, notes] = await Promise.all([
      levels.learnerLevel(userId),
      sumAttended(db, userId),
      settings.current(),
      listLearnerNotes(db, userId, NOTES_SHOWN),
    ]);
    let level: Progress['level'] = null;
    if (learner.level) {
      // The newest change that brought the learner to this level (history is newest first).
      const reached = learner.history.find((change) => change.to_level === learner.level);
      const since = reached ? new Date(reached.changed_at) : undefined;
      level = {
        level: learner.level,
        since: reached?.changed_at ?? null,
        minutes_at_level: since ? (await sumAttended(db, userId, { since })).minutes : total.minutes,
        next: nextLevel(learner.level),
      };
    }
    return {
      classes: total.classes,
      minutes: total.minutes,
      weeks: await weeksOf(userId, now, timeZone),
      level,
      notes: notes.map((row) => ({
        ...toNote(row),
        schedule_id: row.scheduleId,
        title: row.title,
        starts_at: row.startsAt.toISOString(),
      })),
    };
  }

  return {
    notesOf,
    saveNote,
    progressOf,

    async certificatesOf(userId: number): Promise<Certificate[]> {
      return (await listCertificates(db, userId)).map(toCertificate);
    },

    /** Counts the classes attended in the period (days in the school's zone, both included) as they stand now. */
    async issue(userId: number, body: CertificateBody): Promise<Certificate> {
      const [{ schoolName, timeZone }, learner] = await Promise.all([
        settings.current(),
        levels.learnerLevel(userId),
      ]);
      const since = startOfLocalDay(parseLocalDate(body.from), timeZone);
      const until = startOfLocalDay(addDays(parseLocalDate(body.to), 1), timeZone);
      const { classes, minutes } = await sumAttended(db, userId, { since, until });
      if (classes === 0) throw new AppError('CONFLICT', 'You attended no class in this period.');
      const user = await findUserWithRole(db, userId, 'user');
      const row = await insertCertificate(db, {
        code: randomBytes(15).toString('base64url'),
        userId,
        learnerName: user?.name ?? '',
        level: learner.level ? levelRank(learner.level) : null,
        periodFrom: body.from,
        periodTo: body.to,
        classes,
        minutes,
        schoolName,
        issuedAt: nowOf(clock),
      });
      return toCertificate(row);
    },

    async pdf(userId: number, id: number): Promise<{ filename: string; body: Buffer }> {
      const row = await findCertificate(db, { id });
      if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', NO_SUCH_CERTIFICATE);
      const body = await renderCertificatePdf(toCertificate(row), `${appUrl}${verifyPath(row.code)}`);
      return { filename: `certificate-${row.code}.pdf`, body };
    },

    async check(code: string): Promise<CertificateCheck> {
      const row = await findCertificate(db, { code });
      if (!row) throw new AppError('NOT_FOUND', NO_CERTIFICATE);
      const { id: _id, revoke_reason: _reason, ...shown } = toCertificate(row);
      return { ...shown, status: row.revokedAt ? 'revoked' : 'genuine' };
    },

    async revoke(adminId: number, id: number, reason: string): Promise<Certificate> {
      const row = await revokeCertificate(db, { id, by: adminId, reason, at: nowOf(clock) });
      if (row) return toCertificate(row);
      if (await findCertificate(db, { id }))
        throw new AppError('CONFLICT', 'This certificate is already revoked.');
      throw new AppError('NOT_FOUND', NO_SUCH_CERTIFICATE);
    },
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;
