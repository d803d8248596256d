import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, TEST_DATABASE_KINDS } from '../test/test-database';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('migrations on PostgreSQL', () => {
  it('lets server processes that start together migrate one at a time: each migration applied once', async () => {
    const journal = JSON.parse(
      await readFile(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
    ) as { entries: unknown[] };
    const empty = await createEmptyPostgresDatabase();
    // Separate pools are separate sessions, as separate processes would be.
    const processes = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl: empty.url })),
    );
    try {
      await Promise.all(processes.map((database) => migrateDatabase(database)));
      const [first] = processes;
      const applied = await first?.db.execute<{ times: number }>(
        sql`select count(*)::int as times from drizzle.__drizzle_migrations group by hash`,
      );
      expect(applied?.rows).toEqual(journal.entries.map(() => ({ times: 1 })));
    } finally {
      await Promise.all(processes.map((database) => database.close()));
      await empty.destroy();
    }
  });
});
