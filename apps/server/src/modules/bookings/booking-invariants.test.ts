import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLots } from '../../db/schema/credit-lots';
import { schedules } from '../../db/schema/schedules';
import { createSchedule, createUser } from '../../db/seed/factories';
import { AppError } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { checkLotsMatchLedger, expireLots, getBalance, grantCredits } from '../credits/credit-service';
import { createMailer } from '../mail/mailer';
import { createBookingsService } from './bookings-service';

const DAY = 24 * 60 * 60 * 1000;

const step = fc.oneof(
  fc.record({
    kind: fc.constant('grant' as const),
    user: fc.nat(2),
    credits: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('book' as const), user: fc.nat(2), schedule: fc.nat(3) }),
  fc.record({ kind: fc.constant('cancel' as const), user: fc.nat(2), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('adminCancel' as const), schedule: fc.nat(3) }),
  fc.record({ kind: fc.constant('expire' as const), user: fc.nat(2) }),
);

describe.each(TEST_DATABASE_KINDS)('booking invariants on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('random grants, bookings, cancels and expiries never overdraw, overbook or split lots from the ledger', async () => {
    const service = createBookingsService(t.db, {
      cancelWindowHours: 0,
      mailer: createMailer(t.db, { config: t.config, jobs: t.app.jobs, clock: systemClock }),
      clock: systemClock,
      mail: {
        appUrl: t.config.appUrl,
        defaultTimeZone: 'UTC',
        organizer: { name: 'School', email: 'school@tokenly.test' },
      },
    });
    const users = await Promise.all([0, 1, 2].map(() => createUser(t.db).then((u) => u.user.id)));
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
        const classes = await Promise.all(
          [1, 2, 1, 3].map((credits) => createSchedule(t.db, { numberToken: credits, noOfUsers: 2 })),
        );
        const booked = new Map<number, number[]>();
        for (const s of steps) {
          try {
            if (s.kind === 'grant') {
              const userId = users[s.user] ?? 0;
              await grantCredits(t.db, {
                userId,
                credits: s.credits,
                expiresAt: new Date(Date.now() + DAY),
                source: 'grant',
                reason: 'grant',
              });
            } else if (s.kind === 'book') {
              const userId = users[s.user] ?? 0;
              const result = await service.book(userId, { schedule_id: classes[s.schedule]?.id ?? 0 });
              booked.set(userId, [...(booked.get(userId) ?? []), result.data.id]);
            } else if (s.kind === 'cancel') {
              const userId = users[s.user] ?? 0;
              const ids = booked.get(userId) ?? [];
              const id = ids[s.pick % Math.max(1, ids.length)];
              if (id !== undefined) await service.cancel(userId, id);
            } else if (s.kind === 'adminCancel') {
              await service.cancelSchedule(classes[s.schedule]?.id ?? 0);
            } else {
              // Expire every lot of the learner by moving its end into the past.
              const userId = users[s.user] ?? 0;
              await t.db
                .update(creditLots)
                .set({ expiresAt: new Date(Date.now() - 1000) })
                .where(eq(creditLots.userId, userId));
              await expireLots(t.db, new Date(), userId);
            }
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
          }
        }
        for (const userId of users) {
          expect(await getBalance(t.db, userId)).toBeGreaterThanOrEqual(0);
          expect(await checkLotsMatchLedger(t.db, userId)).toEqual([]);
        }
        for (const c of classes) {
          const [row] = await t.db.select().from(schedules).where(eq(schedules.id, c.id));
          expect(row?.seatsTaken ?? 0).toBeLessThanOrEqual(c.noOfUsers);
        }
      }),
      { numRuns: kind === 'pglite' ? 15 : 10 },
    );
  }, 120_000);
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

  it('a learner with 1 credit booking 5 classes at once gets exactly one', async () => {
    const learner = await learnerWith(1);
    const classes = await Promise.all(Array.from({ length: 5 }, () => createSchedule(t.db)));
    const statuses = await Promise.all(classes.map((c) => post(learner.token, c.id)));
    expect(statuses.sort()).toEqual([200, 409, 409, 409, 409]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    expect(await getBalance(t.db, learner.id)).toBe(0);
    expect(await checkLotsMatchLedger(t.db, learner.id)).toEqual([]);
  }, 60_000);
});
