import { openDatabase } from '@tokenly/server/src/db/client';
import { migrateDatabase } from '@tokenly/server/src/db/migrate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StandIns, toPgbench } from './app-statement';
import { bookingRotation, firstOfConsecutive } from './booking-pairs';
import { runPgbench } from './pgbench';
import { bookClassScript, bookSeriesScript } from './pgbench-scripts';
import { BenchDatabases, checkConsistent, checkSeriesBooked, databaseUrl } from './postgres';
import { type BenchData, type BenchSize, seedBenchData } from './seed-bench-data';
import { type BenchSeries, SERIES_CLASSES, seedSeries } from './seed-series';

describe('toPgbench', () => {
  it('puts each stand-in in its parameter and every other value as a literal pgbench leaves alone', () => {
    const standIns = new StandIns();
    const learner = standIns.id(':learner');
    const sent = {
      sql: `select $1, $2, 'a:b' -- why: a comment\n  from t where x = $3`,
      params: [learner, "it's:here", 7],
    };
    expect(toPgbench(sent, standIns)).toBe(
      String.raw`select :learner, E'it''s\x3ahere', E'a\x3ab' from t where x = 7`,
    );
  });

  it('refuses a statement in which pgbench would read a variable of its own', () => {
    expect(() => toPgbench({ sql: 'select x:y', params: [] }, new StandIns())).toThrow(/variable/);
  });
});

// Each twin, built from the app's statements, runs once on a migrated database with a little bench data,
// on the PostgreSQL of TEST_DATABASE_URL (vitest.config.ts), as the API suite's PostgreSQL-only parts do.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the pgbench twins on PostgreSQL', () => {
  const databases = new BenchDatabases();
  const size: BenchSize = { learners: 3, classes: 4, creditsEach: 20, seatsEach: 8 };
  let url = '';
  let data: BenchData;
  let series: BenchSeries;

  beforeAll(async () => {
    url = databaseUrl(await databases.create('twins'));
    const database = await openDatabase({ databaseUrl: url });
    try {
      await migrateDatabase(database);
      data = await seedBenchData(database.db, size);
      series = await seedSeries(database.db, 1);
    } finally {
      await database.close();
    }
  }, 120_000);
  afterAll(() => databases.dropAll());

  async function count(sql: string): Promise<number> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(`select (${sql})::int as n`);
      return rows[0]?.n ?? Number.NaN;
    } finally {
      await client.end();
    }
  }

  it('book-class books a class and writes its confirmation, as the request does', async () => {
    const script = await bookClassScript({
      rotation: bookingRotation(size),
      firstLearnerId: firstOfConsecutive(data.learnerIds, 'learner'),
      firstClassId: firstOfConsecutive(data.classIds, 'class'),
    });
    const figures = runPgbench(url, script, { clients: 1, transactions: 1 });
    expect(figures.okShare).toBe(1);
    expect(await count(`select count(*) from bookings where status = 'booked'`)).toBe(1);
    expect(await count(`select count(*) from mail_outbox where kind = 'booking-confirmed'`)).toBe(1);
    expect(await count(`select count(*) from credit_ledger where reason = 'booking'`)).toBe(1);
    await checkConsistent(url);
  });

  it("book-series books every class of the learner's series", async () => {
    const script = await bookSeriesScript({
      classesEach: SERIES_CLASSES,
      firstLearnerId: firstOfConsecutive(data.learnerIds, 'learner'),
      firstClassId: series.firstClassId,
    });
    // The series' learner is the first, who booked one class above: it is not of the series.
    const figures = runPgbench(url, script, { clients: 1, transactions: 1 });
    expect(figures.okShare).toBe(1);
    await checkSeriesBooked(url, {
      firstClassId: series.firstClassId,
      classesEach: SERIES_CLASSES,
      learners: 1,
    });
    await checkConsistent(url);
  });
});
