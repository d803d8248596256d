import { firstOfConsecutive } from './booking-pairs';
import { fillClassesWithWaitlists } from './cancel-setup';
import { ROW, type Row } from './goals';
import { CONNECTIONS, cancelLoad, readWarmUp } from './http-load';
import { runPgbench } from './pgbench';
import { cancelScript } from './pgbench-scripts';
import {
  ageSessions,
  type BenchDatabases,
  checkConsistent,
  checkPromotions,
  databaseUrl,
  mailSample,
} from './postgres';
import { step, timed } from './progress';
import { BENCH_SIZE, type BenchData } from './seed-bench-data';
import { startServer } from './start-server';

// Each class's 8 bookings are cancelled once, so both runs are a fixed number of cancels.
const CANCEL_CLASSES = 200;

/** After a run: every cancel promoted one learner (so the classes are full again), and lots equal the ledger. */
async function checkCancels(url: string, classIds: number[], figures: { requests: number; okShare: number }) {
  await checkConsistent(url);
  await checkPromotions(url, classIds, Math.round(figures.requests * figures.okShare));
}

/**
 * Cancel-booking with its waitlist promotion over HTTP, and the same cancels through pgbench on a copy of
 * the database taken after the classes were filled and before any cancel, so both start from the same
 * bookings, lots and queues.
 */
export async function cancelFigures(
  databases: BenchDatabases,
  seedName: string,
  data: BenchData,
): Promise<Row[]> {
  const httpName = await databases.create('cancel', seedName);
  const httpUrl = databaseUrl(httpName);
  const setup = await startServer({ DATABASE_URL: httpUrl });
  let filled: Awaited<ReturnType<typeof fillClassesWithWaitlists>>;
  try {
    filled = await timed(`PostgreSQL: ${CANCEL_CLASSES} full classes with waitlists, through the API`, () =>
      fillClassesWithWaitlists(setup.url, data, { classes: CANCEL_CLASSES, seats: BENCH_SIZE.seatsEach }),
    );
  } finally {
    await setup.stop();
  }
  await ageSessions(httpUrl);
  // A copy needs its template without connections: hence a server for the setup and one for the run.
  const sqlUrl = databaseUrl(await databases.create('cancel_sql', httpName));

  const server = await startServer({ DATABASE_URL: httpUrl });
  let http: Row['figures'];
  try {
    await readWarmUp(server.url, data);
    step('PostgreSQL: cancel-booking with waitlist promotion over HTTP');
    http = await cancelLoad(server.url, filled.cancels);
  } finally {
    await server.stop();
  }
  await checkCancels(httpUrl, filled.classIds, http);

  step('PostgreSQL: the same cancels through pgbench');
  const script = await cancelScript({
    firstBookingId: firstOfConsecutive(
      filled.cancels.map((cancel) => cancel.bookingId),
      'cancelled booking',
    ),
    cancelled: await mailSample(httpUrl, 'booking-cancelled'),
    promoted: await mailSample(httpUrl, 'waitlist-promoted'),
  });
  const sql = runPgbench(sqlUrl, script, { clients: CONNECTIONS, transactions: filled.cancels.length });
  await checkCancels(sqlUrl, filled.classIds, sql);
  return [
    { name: ROW.cancelHttp, figures: http },
    { name: ROW.cancelSql, figures: sql },
  ];
}
