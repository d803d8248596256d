import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../config/paths';
import { nowOf, systemClock } from '../lib/clock';
import { verifyPassword } from '../lib/passwords';
import { ensureAdmin } from '../modules/auth/auth-service';
import { temporaryFileStore } from '../test/temporary-file-store';
import {
  createEmptyPostgresDatabase,
  PARITY_DATABASE_KINDS,
  TEST_DATABASE_KINDS,
} from '../test/test-database';
import { type DatabaseHandle, type DatabaseKind, openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { courses } from './schema/courses';
import { users } from './schema/users';
import { DEMO_LOGINS, seedDemoData } from './seed/seed';

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('migrations on PostgreSQL', () => {
  it('lets server processes that start together prepare the database one at a time', async () => {
    const journal = JSON.parse(
      await readFile(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
    ) as { entries: unknown[] };
    const empty = await createEmptyPostgresDatabase();
    // Separate pools are separate sessions, as separate processes would be.
    const processes = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl: empty.url })),
    );
    const admin = { email: 'owner@school.test', password: 'Owner123!' };
    const store = temporaryFileStore();
    try {
      // What server.ts does at start with DEMO_DATA=1 and ADMIN_EMAIL set.
      await Promise.all(
        processes.map((database) =>
          migrateDatabase(database, async () => {
            await seedDemoData(database.db, { timeZone: 'UTC', now: nowOf(systemClock), files: store.files });
            await ensureAdmin(database.db, admin);
          }),
        ),
      );
      const [first] = processes;
      if (!first) throw new Error('no database');
      const applied = await first.db.execute<{ times: number }>(
        sql`select count(*)::int as times from drizzle.__drizzle_migrations group by hash`,
      );
      expect(applied.rows).toEqual(journal.entries.map(() => ({ times: 1 })));
      const accounts = await first.db.select({ email: users.email }).from(users).orderBy(users.email);
      expect(accounts.map((account) => account.email)).toEqual(
        [
          DEMO_LOGINS.admin.email,
          DEMO_LOGINS.learner.email,
          DEMO_LOGINS.teacher.email,
          'james.patel@tokenly.test',
          // The friend who signed up through the demo learner's sponsor link.
          'sofia.rossi@tokenly.test',
          admin.email,
        ].sort(),
      );
      // The catalogue once: every class type title once.
      const catalogue = await first.db.execute<{ types: number; titles: number }>(
        sql`select count(*)::int as types, count(distinct ${courses.courseTitle})::int as titles from ${courses}`,
      );
      expect(catalogue.rows[0]?.types).toBeGreaterThan(0);
      expect(catalogue.rows[0]?.types).toBe(catalogue.rows[0]?.titles);
    } finally {
      await Promise.all(processes.map((database) => database.close()));
      await empty.destroy();
      store.remove();
    }
  });
});

type Journal = { entries: { tag: string }[] };

/** The committed migrations up to and including `lastTag`, as a folder: the repository as it was then. */
async function migrationsUpTo(lastTag: string): Promise<{ folder: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'tokenly-migrations-'));
  const journal = JSON.parse(await readFile(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as Journal;
  const entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === lastTag) + 1);
  await mkdir(join(folder, 'meta'));
  await writeFile(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries)
    await copyFile(join(MIGRATIONS_DIR, `${tag}.sql`), join(folder, `${tag}.sql`));
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** A new, unmigrated database of the kind, in memory for PGlite. */
async function emptyDatabase(
  kind: DatabaseKind,
): Promise<{ handle: DatabaseHandle; destroy: () => Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ dataDir: undefined });
    return { handle, destroy: () => handle.close() };
  }
  const empty = await createEmptyPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: empty.url });
  return {
    handle,
    destroy: async () => {
      await handle.close();
      await empty.destroy();
    },
  };
}

describe.each(PARITY_DATABASE_KINDS)('migration 0006 on %s', (kind) => {
  it("gives subscriptions sold before it their plan's price", async () => {
    const { handle, destroy } = await emptyDatabase(kind);
    const before = await migrationsUpTo('0005_rate_limit_counters');
    try {
      const migrationsFolder = before.folder;
      if (handle.kind === 'pglite') await migratePglite(handle.db, { migrationsFolder });
      else await migrateNodePg(handle.db, { migrationsFolder });
      // The schema of 0005 in plain SQL: the factories write today's columns, which it does not have yet.
      const learner = await handle.db.execute<{ id: number }>(
        sql`insert into users (name, email, password_hash, role, level)
            values ('Before 0006', 'before-0006@tokenly.test', 'not a hash', 'user', 1) returning id`,
      );
      const userId = learner.rows[0]?.id;
      const plan = await handle.db.execute<{ id: number }>(
        sql`insert into token_plans (token_title, token_credit, token_expiry, amount, kind, interval_months)
            values ('Monthly', 4, 30, 4700, 'membership', 1) returning id`,
      );
      await handle.db.execute(
        sql`insert into subscriptions (user_id, token_plan_id, provider, provider_ref, status)
            values (${userId}, ${plan.rows[0]?.id}, 'demo', 'sub_before_0006', 'active')`,
      );

      await migrateDatabase(handle);
      const rows = await handle.db.execute<{ amount: number }>(
        sql`select amount from subscriptions where provider_ref = 'sub_before_0006'`,
      );
      expect(rows.rows).toEqual([{ amount: 4700 }]);
    } finally {
      await before.remove();
      await destroy();
    }
  }, 60_000);
});

describe.each(PARITY_DATABASE_KINDS)('migration 0016 on %s', (kind) => {
  it('turns free-text teacher names into teacher accounts without a password and links their classes and series', async () => {
    const { handle, destroy } = await emptyDatabase(kind);
    const before = await migrationsUpTo('0015_class_series');
    try {
      const migrationsFolder = before.folder;
      if (handle.kind === 'pglite') await migratePglite(handle.db, { migrationsFolder });
      else await migrateNodePg(handle.db, { migrationsFolder });
      // The schema of 0015 in plain SQL: the factories write today's columns.
      await handle.db.execute(
        sql`insert into courses (course_title, course_color, status, number_token) values ('Core', '#2F80ED', '1', 1)`,
      );
      for (const [title, teacher] of [
        ['A', 'Emma Clarke'],
        ['B', ' emma clarke '],
        ['C', 'James Patel'],
        ['D', null],
        ['E', '  '],
      ] as const) {
        await handle.db.execute(
          sql`insert into schedules (course_id, title, starts_at, no_of_users, number_token, teacher_name)
              select id, ${title}, now(), 8, 1, ${teacher} from courses`,
        );
      }
      for (const [title, teacher] of [
        ['Series of James', ' JAMES PATEL'],
        ['Series of Olga', 'Olga Ivanova'],
      ] as const) {
        await handle.db.execute(
          sql`insert into class_series (course_id, title, weekdays, start_time, time_zone, first_date, end_date,
                no_of_users, number_token, teacher_name)
              select id, ${title}, '{1}', '18:00', 'UTC', '2027-01-04', '2027-02-01', 8, 1, ${teacher} from courses`,
        );
      }

      await migrateDatabase(handle);
      const teachers = await handle.db.execute<{ id: number; name: string; password_hash: string }>(
        sql`select id, name, password_hash from users where role = 'teacher' order by name`,
      );
      expect(teachers.rows.map((row) => row.name)).toEqual(['Emma Clarke', 'James Patel', 'Olga Ivanova']);
      expect(teachers.rows.every((row) => row.password_hash === '!')).toBe(true);
      const linked = await handle.db.execute<{ title: string; teacher: string | null }>(
        sql`select s.title, u.name as teacher from schedules s left join users u on u.id = s.teacher_id order by s.title`,
      );
      expect(linked.rows).toEqual([
        { title: 'A', teacher: 'Emma Clarke' },
        { title: 'B', teacher: 'Emma Clarke' },
        { title: 'C', teacher: 'James Patel' },
        { title: 'D', teacher: null },
        { title: 'E', teacher: null },
      ]);
      const series = await handle.db.execute<{ title: string; teacher: string | null }>(
        sql`select s.title, u.name as teacher from class_series s left join users u on u.id = s.teacher_id order by s.title`,
      );
      expect(series.rows).toEqual([
        { title: 'Series of James', teacher: 'James Patel' },
        { title: 'Series of Olga', teacher: 'Olga Ivanova' },
      ]);
      // No password verifies against the placeholder: sign-in waits for the invitation.
      const [emma] = teachers.rows;
      const stored = await handle.db.execute<{ password_hash: string }>(
        sql`select password_hash from users where id = ${emma?.id}`,
      );
      expect(await verifyPassword(stored.rows[0]?.password_hash ?? '', '!')).toBe(false);
    } finally {
      await before.remove();
      await destroy();
    }
  }, 60_000);
});
