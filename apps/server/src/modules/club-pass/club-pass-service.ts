import {
  type AdminClubPass,
  type AdminClubPassEndBody,
  type AdminClubPassGrantBody,
  CLUB_MONTH_DAYS,
  type ClubPass,
  type ClubPassEvent,
  type UserClubPass,
} from '@tokenly/contract/club-pass';
import type { Database } from '../../db/client';
import type { ClubPassRow } from '../../db/schema/club-passes';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { addDays, startOfLocalDay, toLocalDateTime } from '../../lib/time-zone';
import { countClubBookingsBetween } from '../bookings/club-bookings-repository';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { findUserWithRole } from '../users/users-repository';
import type { ClubPassMails } from './club-pass-mails';
import {
  type ClubPassEventWithNames,
  findClubPass,
  findPaymentAddition,
  insertClubPassEvent,
  listClubPassEvents,
  lockClubPass,
  lockOrStartClubPass,
  paymentPassTakenBack,
  saveClubPass,
} from './club-pass-repository';

// The Conversation Club pass: an entitlement of its own beside the credits, a period in which club
// classes are booked with it instead of tokens (SPEC.md section 9). Every change is a row of
// club_pass_events with the days it added or took away, as every credit movement is a ledger row.

const DAY_MS = 24 * 60 * 60 * 1000;
const NO_LEARNER = 'This learner does not exist.';

/** Whether the pass lets a club class starting at `startsAt` be booked with it. */
export const passCovers = (pass: Pick<ClubPassRow, 'startsAt' | 'endsAt'> | undefined, startsAt: Date) =>
  pass !== undefined && pass.startsAt <= startsAt && startsAt < pass.endsAt;

/** The school week (Monday to Monday, in the school's zone) holding `instant`; the allowance counts in it. */
export function schoolWeekOf(instant: Date, timeZone: string): { start: Date; end: Date } {
  const local = toLocalDateTime(instant, timeZone);
  const { weekday } = addDays(local, 0);
  const monday = addDays(local, -((weekday + 6) % 7));
  return { start: startOfLocalDay(monday, timeZone), end: startOfLocalDay(addDays(monday, 7), timeZone) };
}

/**
 * Whether the learner may take a club class starting at `startsAt` with the pass: 'free' when the pass
 * covers the start and the school week of it has room. Locks the learner's pass row first (the caller
 * holds the class row), so bookings of one learner count the allowance one at a time.
 */
export async function clubPlaceFor(
  tx: Database,
  userId: number,
  startsAt: Date,
  school: { timeZone: string; clubSessionsPerWeek: number },
): Promise<'free' | 'needs-pass' | 'week-full'> {
  const pass = await lockClubPass(tx, userId);
  if (!passCovers(pass, startsAt)) return 'needs-pass';
  const booked = await countClubBookingsBetween(tx, userId, schoolWeekOf(startsAt, school.timeZone));
  return booked < school.clubSessionsPerWeek ? 'free' : 'week-full';
}

type Addition = { userId: number; lengthMs: number; now: Date } & (
  | { paymentId: number; actorId?: undefined; note?: undefined }
  | { paymentId?: undefined; actorId: number; note: string }
);

/**
 * Adds time to a learner's pass: from now when none runs (granted), after its end when one does
 * (extended), and tells the learner. A payment's time is added once: the caller adds it only for a
 * payment it has just recorded, and a unique index on the payment's addition stands behind that.
 */
export async function addClubTime(tx: Database, input: Addition, mails: ClubPassMails): Promise<ClubPassRow> {
  const pass = await lockOrStartClubPass(tx, input.userId, input.now);
  const running = pass.endsAt > input.now;
  const from = running ? pass.endsAt : input.now;
  const until = new Date(from.getTime() + input.lengthMs);
  const saved = { userId: input.userId, startsAt: running ? pass.startsAt : input.now, endsAt: until };
  await saveClubPass(tx, { ...saved, updatedAt: input.now });
  const eventId = await insertClubPassEvent(tx, {
    userId: input.userId,
    kind: running ? 'extended' : 'granted',
    fromAt: from,
    untilAt: until,
    paymentId: input.paymentId ?? null,
    actorId: input.actorId ?? null,
    note: input.note ?? null,
    createdAt: input.now,
  });
  await mails.added(tx, { userId: input.userId, eventId, endsAt: until });
  return { ...saved, updatedAt: input.now };
}

/** The pass days a plan brings with one purchase (its club months), added for the payment that bought it. */
export async function grantPlanClubDays(
  tx: Database,
  input: { userId: number; clubMonths: number; paymentId: number; now: Date },
  mails: ClubPassMails,
): Promise<void> {
  if (input.clubMonths <= 0) return;
  await addClubTime(
    tx,
    {
      userId: input.userId,
      lengthMs: input.clubMonths * CLUB_MONTH_DAYS * DAY_MS,
      paymentId: input.paymentId,
      now: input.now,
    },
    mails,
  );
}

/**
 * A club plan's paid period, added for the payment that paid it. With nothing else running, the pass
 * then ends with the period; days that run beyond it (a package's free month, an administrator's grant)
 * are kept, and the paid period follows them, as a free month follows a running pass. A period already
 * over when its payment arrives adds nothing.
 */
export async function grantClubPeriod(
  tx: Database,
  input: { userId: number; paymentId: number; now: Date; period: { start: Date; end: Date } },
  mails: ClubPassMails,
): Promise<void> {
  const lengthMs = input.period.end.getTime() - Math.max(input.period.start.getTime(), input.now.getTime());
  if (lengthMs <= 0) return;
  await addClubTime(
    tx,
    { userId: input.userId, lengthMs, paymentId: input.paymentId, now: input.now },
    mails,
  );
}

/**
 * A payment was refunded or disputed: the days it added that are still to come go, once (a second refund
 * event, the provider's echo of ours, finds the refunded row and does nothing). Days already lived are
 * kept, as spent credits are; so are classes booked with them. Returns the whole days taken.
 */
export async function takeBackPaymentClubDays(
  tx: Database,
  paymentId: number,
  input: { now: Date; note: string; actorId: number | null },
): Promise<number> {
  const added = await findPaymentAddition(tx, paymentId);
  if (!added) return 0;
  const pass = await lockClubPass(tx, added.userId);
  if (!pass || (await paymentPassTakenBack(tx, paymentId))) return 0;
  const unusedFrom = Math.max(input.now.getTime(), added.fromAt.getTime());
  // The days of this payment not yet lived, and no more than the pass still has (an administrator may
  // have ended it since).
  const unused = Math.max(0, added.untilAt.getTime() - unusedFrom);
  const left = Math.max(0, pass.endsAt.getTime() - input.now.getTime());
  const taken = Math.min(unused, left);
  const endsAt = new Date(Math.max(pass.endsAt.getTime() - taken, pass.startsAt.getTime()));
  await saveClubPass(tx, { userId: pass.userId, startsAt: pass.startsAt, endsAt, updatedAt: input.now });
  await insertClubPassEvent(tx, {
    userId: pass.userId,
    kind: 'refunded',
    fromAt: endsAt,
    untilAt: pass.endsAt,
    paymentId,
    actorId: input.actorId,
    note: input.note,
    createdAt: input.now,
  });
  return Math.floor(taken / DAY_MS);
}

const daysBetween = (from: Date, until: Date) => Math.ceil((until.getTime() - from.getTime()) / DAY_MS);

function toPassDto(pass: ClubPassRow | undefined, now: Date, latest: ClubPassEventWithNames | undefined) {
  if (!pass) return null;
  const active = pass.startsAt <= now && now < pass.endsAt;
  return {
    from: pass.startsAt.toISOString(),
    until: pass.endsAt.toISOString(),
    active,
    days_left: active ? daysBetween(now, pass.endsAt) : 0,
    source: latest
      ? {
          kind: latest.paymentId === null ? 'admin' : latest.planKind === 'club' ? 'subscription' : 'plan',
          plan_title: latest.planTitle,
        }
      : null,
  } satisfies ClubPass;
}

function toEventDto(event: ClubPassEventWithNames): ClubPassEvent {
  return {
    id: event.id,
    kind: event.kind,
    from: event.fromAt.toISOString(),
    until: event.untilAt.toISOString(),
    days: daysBetween(event.fromAt, event.untilAt),
    payment_id: event.paymentId,
    plan_title: event.planTitle,
    actor_name: event.actorName,
    note: event.note,
    created_at: event.createdAt.toISOString(),
  };
}

export function createClubPassService(
  db: Database,
  options: { clock: Clock; settings: SchoolSettingsSource; mails: ClubPassMails },
) {
  async function learnerOrFail(userId: number) {
    if (!(await findUserWithRole(db, userId, 'user'))) throw new AppError('NOT_FOUND', NO_LEARNER);
  }

  async function passOf(userId: number, now: Date) {
    const [pass, [latest]] = await Promise.all([
      findClubPass(db, userId),
      listClubPassEvents(db, userId, { additionsOnly: true, limit: 1 }),
    ]);
    return toPassDto(pass, now, latest);
  }

  async function forAdmin(userId: number): Promise<AdminClubPass> {
    await learnerOrFail(userId);
    const now = nowOf(options.clock);
    const [pass, history] = await Promise.all([passOf(userId, now), listClubPassEvents(db, userId)]);
    return { pass, history: history.map(toEventDto) };
  }

  return {
    /** GET user-club-pass. */
    async forLearner(userId: number): Promise<UserClubPass> {
      const [pass, school] = await Promise.all([
        passOf(userId, nowOf(options.clock)),
        options.settings.current(),
      ]);
      return { pass, sessions_per_week: school.clubSessionsPerWeek };
    },

    forAdmin,

    /** An administrator's days, with the reason kept in the pass's history (and the audit log). */
    async grant(adminId: number, userId: number, body: AdminClubPassGrantBody): Promise<AdminClubPass> {
      await learnerOrFail(userId);
      const now = nowOf(options.clock);
      await db.transaction((tx) =>
        addClubTime(
          tx,
          { userId, lengthMs: body.days * DAY_MS, now, actorId: adminId, note: body.reason },
          options.mails,
        ),
      );
      return forAdmin(userId);
    },

    /** Ends a running pass now; club classes already booked with it stay booked. */
    async end(adminId: number, userId: number, body: AdminClubPassEndBody): Promise<AdminClubPass> {
      await learnerOrFail(userId);
      const now = nowOf(options.clock);
      await db.transaction(async (tx) => {
        const pass = await lockClubPass(tx, userId);
        if (!pass || pass.endsAt <= now) {
          throw new AppError('CONFLICT', 'This learner has no running Club pass.');
        }
        const endsAt = new Date(Math.max(pass.startsAt.getTime(), now.getTime()));
        await saveClubPass(tx, { userId, startsAt: pass.startsAt, endsAt, updatedAt: now });
        await insertClubPassEvent(tx, {
          userId,
          kind: 'ended',
          fromAt: endsAt,
          untilAt: pass.endsAt,
          paymentId: null,
          actorId: adminId,
          note: body.reason,
          createdAt: now,
        });
      });
      return forAdmin(userId);
    },
  };
}

export type ClubPassService = ReturnType<typeof createClubPassService>;
