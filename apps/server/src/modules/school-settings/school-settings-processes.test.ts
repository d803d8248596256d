import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { createBooking, createSchedule, createUser } from '../../db/seed/factories';
import { httpApi } from '../../test/http-api';
import { type ServerProcess, startServerProcess } from '../../test/server-process';
import { createEmptyPostgresDatabase, TEST_DATABASE_KINDS } from '../../test/test-database';

// A setting saved through one server process is in effect on another at once, with
// no restart; and the environment gives only a new database's first values, never later ones.

const HOUR = 60 * 60 * 1000;

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))(
  'school settings across two server processes on PostgreSQL',
  () => {
    let database: DatabaseHandle;
    let destroy: () => Promise<void>;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      const empty = await createEmptyPostgresDatabase();
      destroy = empty.destroy;
      database = await openDatabase({ databaseUrl: empty.url });
      await migrateDatabase(database);
      // One after the other: the first start writes its values; the second, with others, changes nothing.
      servers.push(
        await startServerProcess(empty.url, { CANCEL_WINDOW_HOURS: '24', APP_TIMEZONE: 'Europe/Paris' }),
      );
      servers.push(
        await startServerProcess(empty.url, { CANCEL_WINDOW_HOURS: '48', APP_TIMEZONE: 'Asia/Tokyo' }),
      );
    });

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop('SIGKILL')));
      await database?.close();
      await destroy?.();
    });

    const signIn = async (server: ServerProcess, path: 'login' | 'admin-login', role: 'user' | 'admin') => {
      const { user, password } = await createUser(database.db, { role });
      const answer = await httpApi(server.url, undefined, 'POST', path, { email: user.email, password });
      expect(answer.status).toBe(200);
      return { user, token: (answer.body as { access_token: string }).access_token };
    };

    it('a change saved on one process is what the other uses for its next request', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const admin = await signIn(a, 'admin-login', 'admin');
      const learner = await signIn(b, 'login', 'user');
      // Ten hours away on the real clock: hours of margin on either side of both windows used below.
      const schedule = await createSchedule(database.db, { startsAt: new Date(Date.now() + 10 * HOUR) });
      const booking = await createBooking(database.db, schedule, { userId: learner.user.id });
      const bookingOn = async (server: ServerProcess) =>
        (
          (await httpApi(server.url, learner.token, 'GET', 'user-course-schedule')).body.data as {
            data: { free_cancellation: boolean; cancel_until: string }[];
          }
        ).data[0];
      const publicOn = async (server: ServerProcess) =>
        (await httpApi(server.url, undefined, 'GET', 'school')).body.data;

      for (const server of [a, b]) {
        expect(await publicOn(server)).toMatchObject({ cancel_window_hours: 24, time_zone: 'Europe/Paris' });
        expect(await bookingOn(server)).toMatchObject({ free_cancellation: false });
      }

      const current = (await httpApi(a.url, admin.token, 'GET', 'admin-school-settings')).body.data;
      const saved = await httpApi(a.url, admin.token, 'PUT', 'admin-school-settings', {
        ...current,
        updated_at: undefined,
        cancel_window_hours: 2,
      });
      expect(saved.status).toBe(200);

      // No wait, no retry: the very next request to the other process sees the new window.
      expect(await bookingOn(b)).toEqual(
        expect.objectContaining({
          free_cancellation: true,
          cancel_until: new Date(schedule.startsAt.getTime() - 2 * HOUR).toISOString(),
        }),
      );
      expect(await publicOn(b)).toMatchObject({ cancel_window_hours: 2 });
      const cancelled = await httpApi(b.url, learner.token, 'POST', `cancel-booking/${booking.id}`);
      expect(cancelled.status).toBe(200);

      const history = await httpApi(b.url, admin.token, 'GET', 'admin-school-settings/history');
      expect((history.body.data as { data: unknown[] }).data).toEqual([
        expect.objectContaining({ setting: 'cancel_window_hours', old_value: '24', new_value: '2' }),
      ]);
    });
  },
);
