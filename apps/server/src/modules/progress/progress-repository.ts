import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { type CertificateRow, certificates, classNotes } from '../../db/schema/progress';
import { schedules } from '../../db/schema/schedules';
import { users } from '../../db/schema/users';

const author = alias(users, 'note_author');

const noteColumns = {
  bookingId: classNotes.bookingId,
  wentWell: classNotes.wentWell,
  workOn: classNotes.workOn,
  authorName: author.name,
  updatedAt: classNotes.updatedAt,
};

/** The notes on a class's bookings. */
export function listClassNotes(db: Database, scheduleId: number) {
  return db
    .select(noteColumns)
    .from(classNotes)
    .innerJoin(bookings, eq(bookings.id, classNotes.bookingId))
    .innerJoin(author, eq(author.id, classNotes.authorId))
    .where(eq(bookings.scheduleId, scheduleId))
    .orderBy(classNotes.bookingId);
}
export type NoteRow = Awaited<ReturnType<typeof listClassNotes>>[number];

/** An active booking of the class: only a learner still booked is noted. */
export async function findActiveBooking(db: Database, scheduleId: number, bookingId: number) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(eq(bookings.id, bookingId), eq(bookings.scheduleId, scheduleId), eq(bookings.status, 'booked')),
    );
  return row;
}

/** One note a booking: a second write replaces the first and names its author. */
export async function upsertNote(
  db: Database,
  values: { bookingId: number; authorId: number; wentWell: string; workOn: string; at: Date },
) {
  const set = {
    authorId: values.authorId,
    wentWell: values.wentWell,
    workOn: values.workOn,
    updatedAt: values.at,
  };
  await db
    .insert(classNotes)
    .values({ ...set, bookingId: values.bookingId, createdAt: values.at })
    .onConflictDoUpdate({ target: classNotes.bookingId, set });
  const [row] = await db
    .select(noteColumns)
    .from(classNotes)
    .innerJoin(author, eq(author.id, classNotes.authorId))
    .where(eq(classNotes.bookingId, values.bookingId));
  return row;
}

/** A learner's notes with their classes, newest class first. */
export function listLearnerNotes(db: Database, userId: number, limit: number) {
  return db
    .select({
      ...noteColumns,
      scheduleId: schedules.id,
      title: schedules.title,
      startsAt: schedules.startsAt,
    })
    .from(classNotes)
    .innerJoin(bookings, eq(bookings.id, classNotes.bookingId))
    .innerJoin(schedules, eq(schedules.id, bookings.scheduleId))
    .innerJoin(author, eq(author.id, classNotes.authorId))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(schedules.startsAt), desc(classNotes.id))
    .limit(limit);
}

/** Only what the teacher marked attended, on a booking still active, counts; minutes are the class's real length. */
const attended = (userId: number) =>
  and(eq(bookings.userId, userId), eq(bookings.status, 'booked'), eq(bookings.attendance, 'attended'));

/** Classes and minutes attended, from `since` (inclusive) until `until` (exclusive) when given. */
export async function sumAttended(db: Database, userId: number, range: { since?: Date; until?: Date } = {}) {
  const [row] = await db
    .select({
      classes: sql<number>`count(*)::int`,
      minutes: sql<number>`coalesce(sum(${schedules.durationMin}), 0)::int`,
    })
    .from(bookings)
    .innerJoin(schedules, eq(schedules.id, bookings.scheduleId))
    .where(
      and(
        attended(userId),
        range.since && gte(schedules.startsAt, range.since),
        range.until && lt(schedules.startsAt, range.until),
      ),
    );
  return row ?? { classes: 0, minutes: 0 };
}

/** The start and length of each attended class from `since` on, oldest first. */
export function listAttendedSince(db: Database, userId: number, since: Date) {
  return db
    .select({ startsAt: schedules.startsAt, minutes: schedules.durationMin })
    .from(bookings)
    .innerJoin(schedules, eq(schedules.id, bookings.scheduleId))
    .where(and(attended(userId), gte(schedules.startsAt, since)))
    .orderBy(schedules.startsAt);
}

export async function insertCertificate(db: Database, values: typeof certificates.$inferInsert) {
  const [row] = await db.insert(certificates).values(values).returning();
  if (!row) throw new Error('insert into certificates returned no row');
  return row;
}

export function listCertificates(db: Database, userId: number) {
  return db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
}

export async function findCertificate(db: Database, where: { id: number } | { code: string }) {
  const [row] = await db
    .select()
    .from(certificates)
    .where('id' in where ? eq(certificates.id, where.id) : eq(certificates.code, where.code));
  return row;
}

/** Revokes once: a second revoke finds no row still standing. */
export async function revokeCertificate(
  db: Database,
  values: { id: number; by: number; reason: string; at: Date },
): Promise<CertificateRow | undefined> {
  const [row] = await db
    .update(certificates)
    .set({ revokedAt: values.at, revokedBy: values.by, revokeReason: values.reason })
    .where(and(eq(certificates.id, values.id), sql`${certificates.revokedAt} is null`))
    .returning();
  return row;
}

/** A class with its teacher, when `teacherId` is given only if it is theirs. */
export async function findClass(db: Database, id: number, teacherId?: number) {
  const [row] = await db
    .select({ id: schedules.id, startsAt: schedules.startsAt, status: schedules.status })
    .from(schedules)
    .where(
      and(eq(schedules.id, id), teacherId === undefined ? undefined : eq(schedules.teacherId, teacherId)),
    );
  return row;
}
