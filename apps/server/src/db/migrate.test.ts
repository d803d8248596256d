import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAuthService } from '../modules/auth/auth-service';
import { createEmptyPostgresDatabase, TEST_DATABASE_KINDS } from '../test/test-database';
import { openDatabase } from './client';
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
    try {
      // What server.ts does at start with DEMO_DATA=1 and ADMIN_EMAIL set.
      await Promise.all(
        processes.map((database) =>
          migrateDatabase(database, async () => {
            await seedDemoData(database.db, { timeZone: 'UTC' });
            await createAuthService(database.db).ensureAdmin(admin);
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
        [DEMO_LOGINS.admin.email, DEMO_LOGINS.learner.email, admin.email].sort(),
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
    }
  });
});
