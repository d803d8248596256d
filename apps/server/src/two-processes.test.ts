import { DEMO_CARDS } from '@tokenly/contract/checkout';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import type { ScheduleRow } from './db/schema/schedules';
import { createSchedule, createTokenPlan, createUser } from './db/seed/factories';
import { nowOf, systemClock } from './lib/clock';
import { FUTURE_CARD } from './modules/checkout/checkout-test-kit';
import { getBalance, grantCredits } from './modules/credits/credit-service';
import { expectConsistent } from './test/consistency';
import { type HttpAnswer, httpApi } from './test/http-api';
import { type ServerProcess, startServerProcess } from './test/server-process';
import { createEmptyPostgresDatabase, TEST_DATABASE_KINDS } from './test/test-database';

// Two real server processes on one PostgreSQL database, driven over HTTP. Whatever
// interleaving the two connection pools produce, the database must hold the booking and payment rules,
// and a process killed mid-request may lose only answers, never consistency.

const DAY = 24 * 60 * 60 * 1000;
const LEARNERS = 30;
const STARTING_CREDITS = 3;

/** One API call to a server process with a bearer token; an answer cut off by a dying server is status 0. */
const api = (server: ServerProcess, token: string, method: string, path: string, body?: object) =>
  httpApi(server.url, token, method, path, body);

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))(
  'two server processes on one PostgreSQL database',
  () => {
    let url: string;
    let database: DatabaseHandle;
    let destroy: () => Promise<void>;
    const servers: ServerProcess[] = [];
    let learners: { id: number; token: string }[] = [];
    let plan: Awaited<ReturnType<typeof createTokenPlan>>;

    const rows = async <T extends Record<string, unknown>>(query: SQL) =>
      (await database.db.execute<T>(query)).rows;

    const classes = (count: number, capacity: number, credits: (index: number) => number) =>
      Promise.all(
        Array.from({ length: count }, (_, index) =>
          createSchedule(database.db, {
            noOfUsers: capacity,
            numberToken: credits(index),
            startsAt: new Date(Date.now() + (7 + index) * DAY),
          }),
        ),
      );

    const grant = (userId: number, credits: number) =>
      grantCredits(database.db, {
        userId,
        credits,
        expiresAt: new Date(Date.now() + 90 * DAY),
        source: 'grant',
        reason: 'grant',
      });

    beforeAll(async () => {
      const empty = await createEmptyPostgresDatabase();
      ({ url, destroy } = empty);
      database = await openDatabase({ databaseUrl: url });
      await migrateDatabase(database);
      plan = await createTokenPlan(database.db, { tokenCredit: 5, amount: 2500 });
      const users = await Promise.all(Array.from({ length: LEARNERS }, () => createUser(database.db)));
      for (const { user } of users) await grant(user.id, STARTING_CREDITS);
      // Kept as each one answers, so afterAll stops it even when the other fails to start.
      await Promise.all([1, 2].map(() => startServerProcess(url).then((server) => servers.push(server))));
      learners = await signInAll(users);
    });

    /** Signed in over HTTP, half on each process: a session works on both, as it lives in the database. */
    const signInAll = (users: Awaited<ReturnType<typeof createUser>>[]) =>
      Promise.all(
        users.map(async ({ user, password }, index) => {
          const server = servers[index % 2] as ServerProcess;
          const response = await fetch(`${server.url}/api/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: user.email, password }),
          });
          const { access_token: token } = (await response.json()) as { access_token: string };
          return { id: user.id, token };
        }),
      );

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop('SIGKILL')));
      await database?.close();
      await destroy?.();
    });

    it('books concurrently on both: no class over capacity, no negative balance, seats equal bookings', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      // 15 seats for 30 learners with 3 credits each, every learner asking for every class on both processes.
      const offered = await classes(5, 3, (index) => 1 + (index % 2));
      const attempts = learners.flatMap((learner) =>
        offered.flatMap((schedule) =>
          [a, b].map(async (server) => ({
            learner,
            schedule,
            answer: await api(server, learner.token, 'POST', 'book-class', { schedule_id: schedule.id }),
          })),
        ),
      );
      const answers = await Promise.all(attempts);
      expect(new Set(answers.map(({ answer }) => answer.status))).toEqual(new Set([200, 409]));

      const booked = answers.filter(({ answer }) => answer.status === 200);
      for (const schedule of offered) {
        expect(booked.filter((one) => one.schedule.id === schedule.id)).toHaveLength(schedule.noOfUsers);
      }
      const stored = await rows<{ id: number; user_id: number; schedule_id: number; status: string }>(
        sql`select id, user_id, schedule_id, status from bookings`,
      );
      expect(stored).toHaveLength(booked.length);
      for (const { learner, schedule, answer } of booked) {
        expect(stored).toContainEqual({
          id: answer.body.data?.id,
          user_id: learner.id,
          schedule_id: schedule.id,
          status: 'booked',
        });
      }
      for (const learner of learners) {
        const spent = booked
          .filter((one) => one.learner.id === learner.id)
          .reduce((sum, one) => sum + one.schedule.numberToken, 0);
        expect(await getBalance(database.db, learner.id, nowOf(systemClock))).toBe(STARTING_CREDITS - spent);
      }
      await expectConsistent(
        database.db,
        learners.map((learner) => learner.id),
      );
    }, 120_000);

    it('records the same paid intent sent many times to both: one payment row and one grant each', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const buyers = learners.slice(0, 6);
      // Each step of the checkout on a different process than the one before.
      const paid = await Promise.all(
        buyers.map(async (learner) => {
          const intent = await api(a, learner.token, 'POST', 'payment/intent', {
            amount: plan.amount,
            user_credit_token_id: plan.id,
          });
          const method = await api(b, learner.token, 'POST', 'demo-gateway/payment-method', {
            number: DEMO_CARDS.succeeds,
            ...FUTURE_CARD,
          });
          const confirmed = await api(a, learner.token, 'POST', 'demo-gateway/confirm-card-payment', {
            client_secret: (intent.body as { clientSecret: string }).clientSecret,
            payment_method: method.body.data?.id,
          });
          expect(confirmed.body.data?.status).toBe('succeeded');
          return {
            learner,
            paymentId: String(intent.body.data?.payment_id),
            before: await getBalance(database.db, learner.id, nowOf(systemClock)),
          };
        }),
      );

      const records = await Promise.all(
        paid.flatMap(({ learner, paymentId }) =>
          Array.from({ length: 20 }, (_, index) =>
            api(index % 2 ? a : b, learner.token, 'POST', 'one-time-payment', {
              user_credit_token_id: plan.id,
              amount: plan.amount / 100,
              payment_id: paymentId,
              number_token: plan.tokenCredit,
            }).then((answer) => ({ paymentId, answer })),
          ),
        ),
      );
      expect(new Set(records.map(({ answer }) => answer.status))).toEqual(new Set([200]));
      for (const { learner, paymentId, before } of paid) {
        const granted = records.filter((one) => one.paymentId === paymentId && one.answer.body.data?.granted);
        expect(granted, paymentId).toHaveLength(1);
        const [payment] = await rows<{ id: number; count: number }>(
          sql`select min(id) as id, count(*)::int as count from payments where provider_ref = ${paymentId}`,
        );
        expect(payment?.count).toBe(1);
        const grants = await rows(
          sql`select id from credit_ledger where payment_id = ${payment?.id ?? 0} and delta > 0`,
        );
        expect(grants).toHaveLength(1);
        expect(await getBalance(database.db, learner.id, nowOf(systemClock))).toBe(before + plan.tokenCredit);
      }
      await expectConsistent(
        database.db,
        learners.map((learner) => learner.id),
      );
    }, 120_000);

    it('waitlist: 10 cancellations over both processes promote exactly min(freed, waiting with credits), in queue order', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      // A class of 4 seats, full, with 20 learners waiting; 12 of them short of credits by the time
      // seats free, so 8 can be promoted while 10 seats come free.
      const [schedule] = await classes(1, 4, () => 2);
      if (!schedule) throw new Error('no class');
      const accounts = await Promise.all(Array.from({ length: 24 }, () => createUser(database.db)));
      for (const { user } of accounts) await grant(user.id, 4);
      const people = await signInAll(accounts);
      const holders = people.slice(0, 4);
      const waiting = people.slice(4);
      for (const [index, holder] of holders.entries()) {
        const answer = await api(index % 2 ? a : b, holder.token, 'POST', 'book-class', {
          schedule_id: schedule.id,
        });
        expect(answer.status).toBe(200);
      }
      for (const [index, learner] of waiting.entries()) {
        const answer = await api(index % 2 ? a : b, learner.token, 'POST', 'join-waitlist', {
          schedule_id: schedule.id,
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      }
      const short = waiting.filter((_, index) => index % 5 >= 2);
      for (const learner of short) {
        await database.db.execute(
          sql`update credit_lots set expires_at = now() - interval '1 minute' where user_id = ${learner.id}`,
        );
      }
      const eligible = waiting.filter((learner) => !short.includes(learner));

      const activeBookings = () =>
        rows<{ id: number; user_id: number }>(
          sql`select id, user_id from bookings where schedule_id = ${schedule.id} and status = 'booked' order by id`,
        );
      /** The seat holders cancel at once, each on both processes; one of each pair wins. */
      async function cancelRound(count: number) {
        const seated = (await activeBookings()).slice(0, count);
        const answers = await Promise.all(
          seated.flatMap((booking) => {
            const token = people.find((person) => person.id === booking.user_id)?.token ?? '';
            return [a, b].map((server) => api(server, token, 'POST', `cancel-booking/${booking.id}`));
          }),
        );
        expect(answers.filter((answer) => answer.status === 200)).toHaveLength(seated.length);
        expect(answers.filter((answer) => answer.status === 409)).toHaveLength(seated.length);
      }
      await cancelRound(4);
      await cancelRound(4);
      await cancelRound(2);

      const promotions = await rows<{ user_id: number; count: number }>(
        sql`select w.user_id, count(*)::int as count from waitlist_entries w
            where w.schedule_id = ${schedule.id} and w.status = 'promoted'
            group by w.user_id, w.joined_at, w.id order by w.joined_at, w.id`,
      );
      expect(promotions.map((row) => row.user_id)).toEqual(eligible.map((learner) => learner.id));
      expect(promotions.every((row) => row.count === 1)).toBe(true);
      const bookedPerLearner = await rows<{ user_id: number; count: number }>(
        sql`select user_id, count(*)::int as count from bookings where schedule_id = ${schedule.id} group by user_id`,
      );
      expect(bookedPerLearner.every((row) => row.count === 1)).toBe(true);
      // 10 freed, 8 promoted: two seats stay free; the short learners still wait, in their order.
      expect(await activeBookings()).toHaveLength(2);
      const stillWaiting = await rows<{ user_id: number }>(
        sql`select user_id from waitlist_entries where schedule_id = ${schedule.id} and status = 'waiting'
            order by joined_at, id`,
      );
      expect(stillWaiting.map((row) => row.user_id)).toEqual(short.map((learner) => learner.id));
      await expectConsistent(
        database.db,
        people.map((person) => person.id),
      );
    }, 120_000);

    it('survives SIGKILL under booking load: every answered booking stored, none half-written', async () => {
      const [a, victim] = servers as [ServerProcess, ServerProcess];
      for (const learner of learners) await grant(learner.id, 20);
      // Seats for nearly everyone, so the requests in flight when the victim dies are bookings being written.
      const offered = await classes(10, 24, () => 1);
      const queue = learners
        .flatMap((learner) =>
          offered.map((schedule, index) => ({ learner, schedule, server: index % 2 ? a : victim })),
        )
        .sort(() => Math.random() - 0.5);
      const answers: { learner: (typeof learners)[number]; schedule: ScheduleRow; answer: HttpAnswer }[] = [];
      let answeredByVictim = 0;
      // 24 requests in flight at any time; the victim dies after its 40th answer, with others under way.
      const worker = async () => {
        for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
          const answer = await api(next.server, next.learner.token, 'POST', 'book-class', {
            schedule_id: next.schedule.id,
          });
          answers.push({ learner: next.learner, schedule: next.schedule, answer });
          if (next.server === victim && answer.status !== 0 && ++answeredByVictim === 40) {
            await victim.stop('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: 24 }, worker));
      expect(victim.exited()).toBe(true);
      expect(answers.some(({ answer }) => answer.status === 0)).toBe(true);
      expect(answers.every(({ answer }) => [0, 200, 409].includes(answer.status))).toBe(true);

      const booked = answers.filter(({ answer }) => answer.status === 200);
      const stored = await rows<{
        id: number;
        user_id: number;
        schedule_id: number;
        status: string;
      }>(sql`select id, user_id, schedule_id, status from bookings
          where schedule_id in ${offered.map((schedule) => schedule.id)}`);
      for (const { learner, schedule, answer } of booked) {
        expect(stored).toContainEqual({
          id: answer.body.data?.id,
          user_id: learner.id,
          schedule_id: schedule.id,
          status: 'booked',
        });
      }
      // A request cut off by the kill either committed whole or not at all: a booking no 200 answered is
      // one of a cut-off request (each learner and class was asked once), never one refused with a 409;
      // expectConsistent below shows none is half written.
      const pair = (userId: number, scheduleId: number) => `${userId}:${scheduleId}`;
      const answeredIds = new Set(booked.map(({ answer }) => answer.body.data?.id));
      const cutOff = new Set(
        answers
          .filter(({ answer }) => answer.status === 0)
          .map(({ learner, schedule }) => pair(learner.id, schedule.id)),
      );
      const unanswered = stored.filter((row) => !answeredIds.has(row.id));
      expect(unanswered.filter((row) => !cutOff.has(pair(row.user_id, row.schedule_id)))).toEqual([]);
      expect(unanswered.length).toBeLessThanOrEqual(cutOff.size);
      await expectConsistent(
        database.db,
        learners.map((learner) => learner.id),
      );

      // A new process on the same database serves at once, and sees what the dead one committed.
      const restarted = await startServerProcess(url);
      servers.push(restarted);
      const [learner] = learners;
      if (!learner) throw new Error('no learner');
      const [fresh] = await classes(1, 2, () => 1);
      const answer = await api(restarted, learner.token, 'POST', 'book-class', { schedule_id: fresh?.id });
      expect(answer.status).toBe(200);
      const list = await api(restarted, learner.token, 'GET', 'user-course-schedule');
      const [count] = await rows<{ count: number }>(
        sql`select count(*)::int as count from bookings where user_id = ${learner.id}`,
      );
      expect((list.body.data as { total: number }).total).toBe(count?.count);
      await expectConsistent(
        database.db,
        learners.map((learner) => learner.id),
      );
    }, 120_000);
  },
);
