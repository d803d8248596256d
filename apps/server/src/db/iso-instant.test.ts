import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, PARITY_DATABASE_KINDS, type TestDatabase } from '../test/test-database';
import { isoInstant } from './iso-instant';

describe.each(PARITY_DATABASE_KINDS)('isoInstant on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t.destroy());

  it("writes an instant as toISOString does, whatever the session's time zone", async () => {
    const instants = [
      new Date('2026-05-01T09:00:00.000Z'),
      new Date('2026-12-31T23:59:59.999Z'),
      new Date('2027-03-28T01:30:00.007Z'),
      new Date('2000-02-29T00:00:00.040Z'),
    ];
    const texts = await t.database.db.transaction(async (tx) => {
      // A zone with a summer time and an offset, so a conversion through the session's zone would show.
      await tx.execute(sql`set local time zone 'America/St_Johns'`);
      return Promise.all(
        instants.map(async (instant) => {
          const { rows } = await tx.execute<{ text: string }>(
            sql`select ${isoInstant(sql`${instant.toISOString()}::timestamptz`)} as text`,
          );
          return rows[0]?.text;
        }),
      );
    });
    expect(texts).toEqual(instants.map((instant) => instant.toISOString()));
  });
});
