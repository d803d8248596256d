import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, PARITY_DATABASE_KINDS, type TestDatabase } from '../test/test-database';
import { countOrEstimate, EXACT_COUNT_LIMIT } from './list-total';
import { mailOutbox } from './schema/mail-outbox';

/** `count` sent mails of kind `kind`, written in one statement. */
async function writeMails(t: TestDatabase, kind: string, count: number) {
  await t.database.db.execute(sql`
    insert into mail_outbox (event, kind, recipient, status, subject, html, text, headers, created_at)
    select 'event-' || n, ${kind}, 'learner@example.com', 'sent', 'Booked', '<p>Booked</p>', 'Booked', '{}', now()
    from generate_series(1, ${count}) as n`);
}

describe.each(PARITY_DATABASE_KINDS)('a list total on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t.destroy());

  it('is exact up to the limit, and an estimate of the real size past it', async () => {
    const { db } = t.database;
    await writeMails(t, 'few', 40);
    await writeMails(t, 'many', EXACT_COUNT_LIMIT + 2_000);
    await db.execute(sql`analyze mail_outbox`);

    expect(await countOrEstimate(db, mailOutbox, sql`${mailOutbox.kind} = 'few'`)).toEqual({
      total: 40,
      estimated: false,
    });
    expect(await countOrEstimate(db, mailOutbox, sql`${mailOutbox.kind} = 'none'`)).toEqual({
      total: 0,
      estimated: false,
    });
    const all = await countOrEstimate(db, mailOutbox);
    expect(all.estimated).toBe(true);
    // The planner's figure after ANALYZE, never below the rows already counted.
    expect(all.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(Math.abs(all.total - (EXACT_COUNT_LIMIT + 2_040))).toBeLessThan(1_000);
  });
});
