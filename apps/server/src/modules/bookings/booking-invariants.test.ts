import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings';
import { creditLots } from '../../db/schema/credit-lots';
import { type ScheduleRow, schedules } from '../../db/schema/schedules';
import { waitlistEntries } from '../../db/schema/waitlist-entries';
import { createSchedule, createUser } from '../../db/seed/factories';
import { AppError } from '../../lib/app-error';
import { nowOf, systemClock } from '../../lib/clock';
import { readEveryTime } from '../../plugins/response-cache';
import { expectConsistent } from '../../test/consistency';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/test-app';
import { PARITY_DATABASE_KINDS, TEST_DATABASE_KINDS } from '../../test/test-database';
import { checkLotsMatchLedger, expireLots, getBalance, grantCredits } from '../credits/credit-service';
import { createMailer } from '../mail/mailer';
import { createClassChanges } from '../schedules/class-changes';
import { createSchedulesService } from '../schedules/schedules-service';
import { createSchoolSettingsService, firstSchoolSettings } from '../school-settings/school-settings-service';
import { createWaitlistService } from '../waitlist/waitlist-service';
import { createBookingsService } from './bookings-service';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const LEARNERS = 6;
const learner = fc.nat(LEARNERS - 1);
// Two small classes among six learners: they fill, and queues form, within a short run.
const klass = fc.nat(1);

// Weighted towards bookings and joins, so classes fill and queues form within a short run.
const step = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('grant' as const),
      user: learner,
      credits: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('book' as const), user: learner, schedule: klass }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      user: learner,
      pick: fc.nat(20),
      // Whether the learner agreed to a late cancel (needed inside the window).
      late: fc.boolean(),
    }),
  },
  // The teacher records a no-show, and an administrator waives a late cancel or a no-show.
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('noShow' as const), user: learner, pick: fc.nat(20) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('waive' as const), user: learner, pick: fc.nat(20) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('adminCancel' as const), schedule: klass }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), user: learner }) },
  // The waitlist's operations.
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('join' as const), user: learner, schedule: klass }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('leave' as const), user: learner, schedule: klass }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('capacity' as const),
      schedule: klass,
      seats: fc.integer({ min: 1, max: 4 }),
    }),
  },
);

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

describe.each(PARITY_DATABASE_KINDS)('booking invariants on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('random grants, bookings, cancels (late ones too), waivers, expiries, waitlist joins, leaves and capacity changes keep every invariant', async () => {
    const mailer = createMailer(t.db, { config: t.config, jobs: t.app.jobs, clock: systemClock });
    const mail = { appUrl: t.config.appUrl };
    // No waitlist cutoff, so every promotion is allowed; class 1 starts inside the 24-hour window, so its
    // cancels are late, while class 0 is days away.
    const settings = createSchoolSettingsService(t.db, {
      first: firstSchoolSettings({ ...t.config, cancelWindowHours: 24, waitlistCutoffHours: 0 }),
      clock: systemClock,
    });
    const waitlist = createWaitlistService(t.db, { settings, mailer, clock: systemClock, mail });
    const service = createBookingsService(t.db, {
      settings,
      mailer,
      clock: systemClock,
      mail,
      waitlist,
    });
    const schedulesService = createSchedulesService(t.db, {
      waitlist,
      settings,
      clock: systemClock,
      memo: readEveryTime,
      changes: createClassChanges({ mailer, settings, clock: systemClock, appUrl: mail.appUrl }),
      // Only existing classes are changed here; none is made, so no room is asked for.
      rooms: { classesMade: async () => {} },
    });
    const learners = await Promise.all(
      Array.from({ length: LEARNERS }, () => createUser(t.db).then((u) => u.user)),
    );
    const users = learners.map((learner) => learner.id);
    const adminId = (await createUser(t.db, { role: 'admin' })).user.id;
    let lateCancels = 0;
    let waivers = 0;

    /** The class's queue in order, each learner with whether they could pay for it now. */
    async function queueOf(scheduleId: number, credits: number) {
      const entries = await t.db
        .select()
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.scheduleId, scheduleId), eq(waitlistEntries.status, 'waiting')))
        .orderBy(asc(waitlistEntries.joinedAt), asc(waitlistEntries.id));
      return Promise.all(
        entries.map(async (entry) => ({
          userId: entry.userId,
          eligible: (await getBalance(t.db, entry.userId, nowOf(systemClock))) >= credits,
        })),
      );
    }

    async function bookedOn(scheduleId: number): Promise<Set<number>> {
      const rows = await t.db
        .select({ userId: bookings.userId })
        .from(bookings)
        .where(and(eq(bookings.scheduleId, scheduleId), eq(bookings.status, 'booked')));
      return new Set(rows.map((row) => row.userId));
    }

    async function run(s: Step, classes: ScheduleRow[], booked: Map<number, number[]>): Promise<void> {
      const learner = 'user' in s ? learners[s.user] : undefined;
      const userId = learner?.id ?? 0;
      const scheduleId = 'schedule' in s ? (classes[s.schedule]?.id ?? 0) : 0;
      if (s.kind === 'grant') {
        await grantCredits(t.db, {
          userId,
          credits: s.credits,
          expiresAt: new Date(Date.now() + DAY),
          source: 'grant',
          reason: 'grant',
        });
      } else if (s.kind === 'book') {
        if (!learner) throw new Error('a book step names its learner');
        const result = await service.book(learner, { schedule_id: scheduleId });
        booked.set(userId, [...(booked.get(userId) ?? []), result.data.id]);
      } else if (s.kind === 'cancel') {
        const ids = booked.get(userId) ?? [];
        const id = ids[s.pick % Math.max(1, ids.length)];
        if (id !== undefined && (await service.cancel(userId, id, { late: s.late })).data.late_cancel)
          lateCancels += 1;
      } else if (s.kind === 'noShow') {
        const ids = booked.get(userId) ?? [];
        const id = ids[s.pick % Math.max(1, ids.length)];
        if (id !== undefined)
          await t.db
            .update(bookings)
            .set({ attendance: 'no_show' })
            .where(and(eq(bookings.id, id), eq(bookings.status, 'booked')));
      } else if (s.kind === 'waive') {
        const ids = booked.get(userId) ?? [];
        const id = ids[s.pick % Math.max(1, ids.length)];
        if (id !== undefined) {
          await service.waive(adminId, id, { reason: 'Goodwill' });
          waivers += 1;
        }
      } else if (s.kind === 'adminCancel') {
        await service.cancelSchedule(scheduleId);
      } else if (s.kind === 'expire') {
        // Expire every lot of the learner by moving its end into the past.
        await t.db
          .update(creditLots)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(creditLots.userId, userId));
        await expireLots(t.db, new Date(), userId);
      } else if (s.kind === 'join') {
        await waitlist.join({ id: userId, cefrLevel: null }, { schedule_id: scheduleId });
      } else if (s.kind === 'leave') {
        await waitlist.leave(userId, scheduleId);
      } else {
        const current = await schedulesService.get(scheduleId);
        await schedulesService.update(scheduleId, {
          course_id: current.course_id,
          title: current.title,
          no_of_users: s.seats,
          date: new Date(current.schedule_time),
          token: current.number_token,
          meeting_link: current.meeting_link,
          meeting_start: current.meeting_start,
          teacher_id: current.teacher_id,
        });
      }
    }

    /** The class a step may free a seat of: the one whose queue must then move by the rule. */
    async function classFreedBy(s: Step, booked: Map<number, number[]>, classes: ScheduleRow[]) {
      if (s.kind === 'capacity') return classes[s.schedule];
      if (s.kind !== 'cancel') return undefined;
      const ids = booked.get(users[s.user] ?? 0) ?? [];
      const id = ids[s.pick % Math.max(1, ids.length)];
      if (id === undefined) return undefined;
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
      return classes.find((c) => c.id === row?.scheduleId);
    }

    let promotions = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40 }), async (steps) => {
        const classes = await Promise.all(
          [1, 2].map((credits) =>
            createSchedule(t.db, {
              numberToken: credits,
              noOfUsers: credits,
              startsAt: new Date(Date.now() + (credits === 2 ? 5 * HOUR : 7 * DAY)),
            }),
          ),
        );
        const booked = new Map<number, number[]>();
        for (const userId of users)
          await run({ kind: 'grant', user: users.indexOf(userId), credits: 3 }, classes, booked);
        for (const s of steps) {
          const freed = await classFreedBy(s, booked, classes);
          const before = freed && {
            queue: await queueOf(freed.id, freed.numberToken),
            booked: await bookedOn(freed.id),
          };
          let done = true;
          try {
            await run(s, classes, booked);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            done = false;
          }
          if (freed && before && done) {
            // The promoted are exactly the earliest eligible in line, as many as the free seats allow.
            const now = await bookedOn(freed.id);
            const promoted = before.queue.filter(
              (entry) => now.has(entry.userId) && !before.booked.has(entry.userId),
            );
            const eligible = before.queue.filter((entry) => entry.eligible);
            expect(promoted).toEqual(eligible.slice(0, promoted.length));
            promotions += promoted.length;
            const [row] = await t.db.select().from(schedules).where(eq(schedules.id, freed.id));
            if (row?.status === 'scheduled' && promoted.length < eligible.length) {
              expect(row.seatsTaken).toBe(row.noOfUsers);
            }
          }
        }
        await expectConsistent(t.db, users);
        // Nobody is both booked on a class and waiting for it.
        const both = await t.db
          .select({ id: waitlistEntries.id })
          .from(waitlistEntries)
          .innerJoin(
            bookings,
            and(
              eq(bookings.scheduleId, waitlistEntries.scheduleId),
              eq(bookings.userId, waitlistEntries.userId),
              eq(bookings.status, 'booked'),
            ),
          )
          .where(eq(waitlistEntries.status, 'waiting'));
        expect(both).toEqual([]);
      }),
      {
        numRuns: kind === 'pglite' ? 15 : 10,
        // Always among the runs: a queue of two where a cancellation must pass over a learner short of
        // credits, and a capacity raise that must take the next two in order.
        examples: [
          [
            [
              { kind: 'book', user: 0, schedule: 1 },
              { kind: 'book', user: 1, schedule: 1 },
              { kind: 'join', user: 2, schedule: 1 },
              { kind: 'join', user: 3, schedule: 1 },
              { kind: 'join', user: 4, schedule: 1 },
              { kind: 'expire', user: 2 },
              { kind: 'cancel', user: 0, pick: 0, late: true },
              { kind: 'capacity', schedule: 1, seats: 4 },
              { kind: 'waive', user: 0, pick: 0 },
              { kind: 'noShow', user: 1, pick: 0 },
              { kind: 'waive', user: 1, pick: 0 },
              { kind: 'waive', user: 1, pick: 0 },
            ],
          ],
        ],
      },
    );
    // The rules above were put to work, not only vacuously true.
    expect(promotions).toBeGreaterThan(0);
    expect(lateCancels).toBeGreaterThan(0);
    expect(waivers).toBeGreaterThan(0);
  }, 180_000);
});

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('booking races through HTTP on PostgreSQL', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const post = (token: string, scheduleId: number) =>
    fetch(`${base}/api/book-class`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ schedule_id: scheduleId }),
    }).then((r) => r.status);

  async function learnerWith(credits: number) {
    const { user, password } = await createUser(t.db);
    await grantCredits(t.db, {
      userId: user.id,
      credits,
      expiresAt: new Date(Date.now() + DAY),
      source: 'grant',
      reason: 'grant',
    });
    return { id: user.id, token: await signIn(t.app, { email: user.email, password }) };
  }

  it('40 learners on an 8-seat class: exactly 8 succeed, the rest 409', async () => {
    const schedule = await createSchedule(t.db, { noOfUsers: 8 });
    const learners = await Promise.all(Array.from({ length: 40 }, () => learnerWith(1)));
    const statuses = await Promise.all(learners.map((l) => post(l.token, schedule.id)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(statuses.filter((s) => s === 409)).toHaveLength(32);
    const [row] = await t.db.select().from(schedules).where(eq(schedules.id, schedule.id));
    expect(row?.seatsTaken).toBe(8);
  }, 60_000);

  it('books on after a migration adds columns to the classes and bookings the named statement reads', async () => {
    const bookEach = async () => {
      const classes = await Promise.all(Array.from({ length: 12 }, () => createSchedule(t.db)));
      const learners = await Promise.all(classes.map(() => learnerWith(1)));
      return Promise.all(classes.map((c, i) => post(learners[i]?.token ?? '', c.id)));
    };
    // Twelve at once, so most of the pool's connections hold the prepared statement.
    expect(await bookEach()).toEqual(Array(12).fill(200));
    await t.db.execute(sql`alter table schedules add column added_later text`);
    await t.db.execute(sql`alter table bookings add column added_later text`);
    try {
      expect(await bookEach()).toEqual(Array(12).fill(200));
    } finally {
      await t.db.execute(sql`alter table schedules drop column added_later`);
      await t.db.execute(sql`alter table bookings drop column added_later`);
    }
  }, 60_000);

  it('a learner with 1 credit booking 5 classes at once gets exactly one', async () => {
    const learner = await learnerWith(1);
    const classes = await Promise.all(Array.from({ length: 5 }, () => createSchedule(t.db)));
    const statuses = await Promise.all(classes.map((c) => post(learner.token, c.id)));
    expect(statuses.sort()).toEqual([200, 409, 409, 409, 409]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    expect(await getBalance(t.db, learner.id, nowOf(systemClock))).toBe(0);
    expect(await checkLotsMatchLedger(t.db, learner.id)).toEqual([]);
  }, 60_000);
});
