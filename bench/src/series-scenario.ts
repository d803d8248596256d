import { openDatabase } from '@tokenly/server/src/db/client';
import { firstOfConsecutive } from './booking-pairs';
import { ROW, type Row } from './goals';
import { CONNECTIONS, readWarmUp, seriesLoad } from './http-load';
import { runPgbench } from './pgbench';
import { bookSeriesScript } from './pgbench-scripts';
import { analyze, type BenchDatabases, checkConsistent, checkSeriesBooked, databaseUrl } from './postgres';
import { step, timed } from './progress';
import type { BenchData } from './seed-bench-data';
import { type BenchSeries, SERIES_CLASSES, seedSeries } from './seed-series';
import { startServer } from './start-server';

// Each series is booked once, by a learner of its own: five per connection.
const SERIES_COUNT = 5 * CONNECTIONS;

async function checkSeries(url: string, series: BenchSeries) {
  await checkConsistent(url);
  await checkSeriesBooked(url, {
    firstClassId: series.firstClassId,
    classesEach: SERIES_CLASSES,
    learners: series.count,
  });
}

/**
 * "Book the rest of the series" over HTTP, learner k booking series k from its first class, and the
 * same requests through pgbench on a copy taken before any booking.
 */
export async function seriesFigures(
  databases: BenchDatabases,
  seedName: string,
  data: BenchData,
): Promise<Row[]> {
  const httpName = await databases.create('series', seedName);
  const httpUrl = databaseUrl(httpName);
  const seeded = await openDatabase({ databaseUrl: httpUrl });
  let series: BenchSeries;
  try {
    series = await timed(
      `PostgreSQL: ${SERIES_COUNT} weekly series of ${SERIES_CLASSES} classes seeded`,
      () => seedSeries(seeded.db, SERIES_COUNT),
    );
  } finally {
    await seeded.close();
  }
  await analyze(httpUrl);
  const sqlUrl = databaseUrl(await databases.create('series_sql', httpName));

  const requests = Array.from({ length: series.count }, (_, k) => ({
    token: data.learnerTokens[k] ?? '',
    firstClassId: series.firstClassId + k * SERIES_CLASSES,
  }));
  const server = await startServer({ DATABASE_URL: httpUrl });
  let http: Row['figures'];
  try {
    await readWarmUp(server.url, data);
    step('PostgreSQL: book-series over HTTP');
    http = await seriesLoad(server.url, requests);
  } finally {
    await server.stop();
  }
  await checkSeries(httpUrl, series);

  step('PostgreSQL: the same series bookings through pgbench');
  const script = await bookSeriesScript({
    classesEach: SERIES_CLASSES,
    firstLearnerId: firstOfConsecutive(data.learnerIds, 'learner'),
    firstClassId: series.firstClassId,
  });
  const sql = runPgbench(sqlUrl, script, { clients: CONNECTIONS, transactions: series.count });
  await checkSeries(sqlUrl, series);
  return [
    { name: ROW.seriesHttp, figures: http },
    { name: ROW.seriesSql, figures: sql },
  ];
}
