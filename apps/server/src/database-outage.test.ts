import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@tokenly/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DATABASE_POOL_DEFAULTS } from './config/env';
import { type Database, type DatabaseHandle, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { rawRows } from './db/raw-rows';
import type { ScheduleRow } from './db/schema/schedules';
import { createSchedule, createUser } from './db/seed/factories';
import { nowOf, systemClock } from './lib/clock';
import { getBalance, grantCredits } from './modules/credits/credit-service';
import { RETRY_AFTER_SECONDS } from './plugins/error-handler';
import { expectConsistent } from './test/consistency';
import { eventually } from './test/eventually';
import { type HttpAnswer, httpApi } from './test/http-api';
import { type ServerProcess, startServerProcess } from './test/server-process';
import { type CutMode, startTcpProxy, type TcpProxy } from './test/tcp-proxy';
import { bearer, createTestAppOn, signedInUser, type TestApp } from './test/test-app';
import { createEmptyPostgresDatabase, endSessions, TEST_DATABASE_KINDS } from './test/test-database';

// Losing the database must not end the process or answer 500. While it is gone every request
// gets 503 with Retry-After (or a 2xx/4xx it could still give), readiness says so, and once it is back
// the same process serves again within seconds, with every invariant of bookings and credits intact.

const DAY = 24 * 60 * 60 * 1000;
const OUTAGE_BODY = {
  message: MESSAGES.serviceUnavailable,
  errorMessage: MESSAGES.serviceUnavailable,
  code: 'serviceUnavailable',
};

const grant = (db: Database, userId: number, credits: number) =>
  grantCredits(db, {
    userId,
    credits,
    expiresAt: new Date(Date.now() + 90 * DAY),
    source: 'grant',
    reason: 'grant',
  });

const futureClasses = (db: Database, count: number, capacity: number) =>
  Promise.all(
    Array.from({ length: count }, (_, index) =>
      createSchedule(db, {
        noOfUsers: capacity,
        numberToken: 1 + (index % 2),
        startsAt: new Date(Date.now() + (7 + index) * DAY),
      }),
    ),
  );

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))(
  'server processes while PostgreSQL ends their connections (pg_terminate_backend)',
  () => {
    const LEARNERS = 16;
    const ROUNDS = 4;
    let database: DatabaseHandle;
    let destroy: () => Promise<void>;
    let url: string;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      const empty = await createEmptyPostgresDatabase();
      ({ url, destroy } = empty);
      database = await openDatabase({ databaseUrl: url });
      await migrateDatabase(database);
      await Promise.all([1, 2].map(() => startServerProcess(url).then((server) => servers.push(server))));
    });

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop('SIGKILL')));
      await database?.close();
      await destroy?.();
    });

    /**
     * Ends every session of the app's database at a moment when one of the app's sessions is inside an
     * open transaction (between its statements, or running one after BEGIN): the case where a
     * checked-out client emits `error` with nothing listening.
     */
    async function endSessionsDuringTransaction(): Promise<void> {
      await eventually(
        async () =>
          (await endSessions(
            url,
            `exists (select 1 from pg_stat_activity
              where datname = $1 and application_name = 'tokenly'
                and (state = 'idle in transaction' or (state = 'active' and xact_start < query_start)))`,
          )) > 0,
        'an open transaction of the app to end',
        30_000,
      );
    }

    it('stays up under booking load, answers 2xx, 4xx or 503 with Retry-After (never 500), loses nothing', async () => {
      const users = await Promise.all(Array.from({ length: LEARNERS }, () => createUser(database.db)));
      for (const { user } of users) await grant(database.db, user.id, 50);
      const offered = await futureClasses(database.db, 6, 8);
      const learners = await Promise.all(
        users.map(async ({ user, password }, index) => {
          const server = servers[index % 2] as ServerProcess;
          const login = await httpApi(server.url, undefined, 'POST', 'login', {
            email: user.email,
            password,
          });
          return { id: user.id, token: String((login.body as { access_token?: string }).access_token) };
        }),
      );

      type Answered = { op: 'book' | 'cancel'; learnerId: number; answer: HttpAnswer };
      const answers: Answered[] = [];
      const booked = new Set<number>();
      const cancelled = new Set<number>();
      let stopped = false;
      // Each learner books a class on one process and cancels it on the other, until the kills are over.
      const load = learners.map(async (learner, index) => {
        const [near, far] = (index % 2 ? servers : [...servers].reverse()) as [ServerProcess, ServerProcess];
        for (let turn = 0; !stopped; turn += 1) {
          const schedule = offered[(index + turn) % offered.length] as ScheduleRow;
          const book = await httpApi(near.url, learner.token, 'POST', 'book-class', {
            schedule_id: schedule.id,
          });
          answers.push({ op: 'book', learnerId: learner.id, answer: book });
          const id = book.body.data?.id;
          if (book.status !== 200 || typeof id !== 'number') continue;
          booked.add(id);
          const cancel = await httpApi(far.url, learner.token, 'POST', `cancel-booking/${id}`);
          answers.push({ op: 'cancel', learnerId: learner.id, answer: cancel });
          if (cancel.status === 200) cancelled.add(id);
        }
      });

      try {
        for (let round = 0; round < ROUNDS; round += 1) {
          await endSessionsDuringTransaction();
          // Served again before the next round: the pools replaced their dead connections by themselves.
          const seen = answers.length;
          await eventually(() => {
            if (servers.some((server) => server.exited())) throw new Error('a server process exited');
            return answers.slice(seen).some(({ answer }) => answer.status === 200);
          }, 'a booking or cancellation to succeed after the kill');
        }
      } finally {
        stopped = true;
        await Promise.all(load);
      }

      for (const server of servers) expect(server.exited()).toBe(false);
      const statuses = new Set(answers.map(({ answer }) => answer.status));
      // 409 when a class is full; 0 would be a process that died or hung up.
      expect([...statuses].filter((status) => ![200, 409, 503].includes(status))).toEqual([]);
      expect(statuses).toContain(503);
      for (const { answer } of answers.filter(({ answer }) => answer.status === 503)) {
        expect(answer.body).toEqual(OUTAGE_BODY);
        expect(answer.retryAfter).toBe(String(RETRY_AFTER_SECONDS));
      }

      // Every acknowledged booking and cancellation is in the database.
      const stored = new Map(
        (
          await database.db.execute<{ id: number; status: string }>(sql`select id, status from bookings`)
        ).rows.map((row) => [row.id, row.status]),
      );
      for (const id of booked) expect(stored.has(id), `booking ${id}`).toBe(true);
      for (const id of cancelled) expect(stored.get(id), `booking ${id}`).toBe('cancelled');
      await expectConsistent(
        database.db,
        learners.map((learner) => learner.id),
      );
      for (const [index, learner] of learners.entries()) {
        const server = servers[index % 2] as ServerProcess;
        const balance = await httpApi(server.url, learner.token, 'GET', 'get-user-token');
        expect(balance.body.data, `learner ${learner.id}`).toBe(
          await getBalance(database.db, learner.id, nowOf(systemClock)),
        );
      }
    }, 180_000);
  },
);

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))(
  'the app when the network to PostgreSQL is cut and restored',
  () => {
    let proxy: TcpProxy;
    let t: TestApp;
    let learner: { id: number; token: string };
    let classes: ScheduleRow[];

    beforeAll(async () => {
      const empty = await createEmptyPostgresDatabase();
      proxy = await startTcpProxy(empty.url);
      // A short wait for a connection, so the cut that hangs answers within a second too.
      const database = await openDatabase({
        databaseUrl: proxy.url,
        pool: { ...DATABASE_POOL_DEFAULTS, connectionTimeoutMs: 1000 },
      });
      await migrateDatabase(database);
      t = await createTestAppOn({
        database,
        destroy: async () => {
          await database.close();
          await proxy.close();
          await empty.destroy();
        },
      });
      const { user, token } = await signedInUser(t.app, t.db);
      await grant(t.db, user.id, 20);
      learner = { id: user.id, token };
      classes = await futureClasses(t.db, 4, 5);
    });
    afterAll(() => t?.close());

    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(learner.token), ...(payload && { payload }) });

    it.each<[CutMode, number]>([
      ['refuse', 0],
      ['reset', 1],
      ['hang', 2],
    ])(
      'cut by %s: 503 with Retry-After and not ready meanwhile, 2xx within seconds after',
      async (mode, index) => {
        const schedule = classes[index] as ScheduleRow;
        expect((await call('GET', '/api/ready')).statusCode).toBe(200);

        await proxy.cut(mode);
        const during = [
          await call('POST', '/api/book-class', { schedule_id: schedule.id }),
          await call('GET', '/api/get-user-token'),
          await call('GET', '/api/user-course-schedule'),
          // Counted by the attempt limiter in the database before the password is even looked at.
          await t.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { email: 'someone@tokenly.test', password: 'a password' },
          }),
          await t.app.inject({ method: 'GET', url: '/api/get-membership-token' }),
        ];
        for (const response of during) {
          expect(response.statusCode, response.body).toBe(503);
          expect(response.json()).toEqual(OUTAGE_BODY);
          expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
        }
        const ready = await call('GET', '/api/ready');
        expect(ready.statusCode).toBe(503);
        expect(ready.json<{ message: string }>().message).toBe('Not ready: the database is unavailable.');
        expect(ready.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));

        await proxy.restore();
        const restoredAt = Date.now();
        let booking = await call('POST', '/api/book-class', { schedule_id: schedule.id });
        await eventually(async () => {
          if (booking.statusCode !== 200)
            booking = await call('POST', '/api/book-class', { schedule_id: schedule.id });
          return booking.statusCode === 200;
        }, 'a booking to succeed after the restore');
        expect(Date.now() - restoredAt).toBeLessThan(5000);
        // Readiness includes the job queue, whose own pool reconnects as well.
        await eventually(async () => (await call('GET', '/api/ready')).statusCode === 200, 'readiness');

        await expectConsistent(t.db, [learner.id]);
        const balance = await call('GET', '/api/get-user-token');
        expect(balance.json<{ data: number }>().data).toBe(
          await getBalance(t.db, learner.id, nowOf(systemClock)),
        );
        const [row] = await rawRows<{ count: number }>(
          t.db,
          sql`select count(*)::int as count from bookings where schedule_id = ${schedule.id}`,
        );
        expect(row?.count).toBe(1);
      },
      60_000,
    );
  },
);

describe('the app when PGlite cannot write its data directory', () => {
  let dataDir: string;
  let t: TestApp;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tokenly-broken-disk-'));
    const template = new Blob([await readFile(inject('pgliteTemplatePath'))]);
    const database = await openDatabase({ dataDir, loadDataDir: template });
    t = await createTestAppOn({
      database,
      destroy: async () => {
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    });
  });
  afterAll(() => t?.close());

  it('answers a failed write 503 with Retry-After, and the process goes on serving', async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    await grant(t.db, user.id, 5);
    const [schedule] = await futureClasses(t.db, 1, 5);
    // The files go away under the running database, as when a disk fails or is unmounted.
    await rm(dataDir, { recursive: true, force: true });

    const booking = await t.app.inject({
      method: 'POST',
      url: '/api/book-class',
      headers: bearer(token),
      payload: { schedule_id: schedule?.id },
    });
    expect(booking.statusCode, booking.body).toBe(503);
    expect(booking.json()).toEqual(OUTAGE_BODY);
    expect(booking.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    // Still answering: what needs no file answers as before.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
