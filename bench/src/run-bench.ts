// `npm run bench`: booking throughput on PostgreSQL (HTTP beside raw SQL through pgbench) and on
// PGlite, read paths on 10,000 classes and learners, and Lighthouse on three pages. Prints one table.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { REPO_ROOT } from '@tokenly/server/src/config/paths';
import { openDatabase } from '@tokenly/server/src/db/client';
import { migrateDatabase } from '@tokenly/server/src/db/migrate';
import { seedDemoData } from '@tokenly/server/src/db/seed/seed';
import { bookingRotation, firstOfConsecutive } from './booking-pairs';
import { bookingLoad, CONNECTIONS, type LoadFigures, readLoad, readPaths } from './http-load';
import { lighthouseScores, type PageScores, TARGETS } from './lighthouse';
import { runPgbench } from './pgbench';
import { BenchDatabases, checkConsistent, databaseUrl } from './postgres';
import { BENCH_SIZE, type BenchData, seedBenchData } from './seed-bench-data';
import { startServer } from './start-server';
import { formatTable } from './table';

const BOOKING_SECONDS = 10;
const READ_SECONDS = 5;
const LIGHTHOUSE_PATHS = ['/', '/membership', '/payment'];

type Row = { name: string; figures: LoadFigures };

const step = (message: string) => console.log(`· ${message}`);

function temporaryDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `tokenly-bench-${name}-`));
}

async function timed<T>(message: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await run();
  step(`${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

async function postgresFigures(databases: BenchDatabases): Promise<Row[]> {
  const seedName = await databases.create('seed');
  const seeded = await openDatabase({ databaseUrl: databaseUrl(seedName) });
  let data: BenchData;
  try {
    await migrateDatabase(seeded);
    data = await timed(
      `PostgreSQL: ${BENCH_SIZE.learners} learners with credits and ${BENCH_SIZE.classes} classes seeded`,
      () => seedBenchData(seeded.db),
    );
  } finally {
    await seeded.close();
  }
  const rotation = bookingRotation(BENCH_SIZE);

  // Each run gets its own copy of the seeded database, so both start from the same state.
  const httpName = await databases.create('http', seedName);
  const server = await startServer({ DATABASE_URL: databaseUrl(httpName) });
  const rows: Row[] = [];
  try {
    const byDate = readPaths.scheduleByDate(data);
    await readLoad(server.url, data, byDate, 2); // warm-up
    step('PostgreSQL: read paths');
    rows.push({
      name: 'GET admin-course-schedule-by-date?date=',
      figures: await readLoad(server.url, data, byDate, READ_SECONDS),
    });
    rows.push({
      name: 'GET admin-course-schedule?page=N',
      figures: await readLoad(
        server.url,
        data,
        readPaths.paged(ENDPOINTS.adminSchedules.path, BENCH_SIZE.classes),
        READ_SECONDS,
      ),
    });
    rows.push({
      name: 'GET admin-user-list?page=N',
      figures: await readLoad(
        server.url,
        data,
        readPaths.paged(ENDPOINTS.adminStudents.path, BENCH_SIZE.learners),
        READ_SECONDS,
      ),
    });
    step('PostgreSQL: book-class over HTTP');
    rows.unshift({
      name: 'POST book-class, PostgreSQL (HTTP)',
      figures: await bookingLoad(server.url, data, rotation, BOOKING_SECONDS),
    });
  } finally {
    await server.stop();
  }
  await checkConsistent(databaseUrl(httpName));

  const sqlName = await databases.create('sql', seedName);
  step('PostgreSQL: the same transaction through pgbench');
  const sql = runPgbench(databaseUrl(sqlName), {
    clients: CONNECTIONS,
    seconds: BOOKING_SECONDS,
    rotation,
    firstLearnerId: firstOfConsecutive(data.learnerIds, 'learner'),
    firstClassId: firstOfConsecutive(data.classIds, 'class'),
  });
  await checkConsistent(databaseUrl(sqlName));
  rows.splice(1, 0, { name: 'book-class transaction, raw SQL (pgbench)', figures: sql });
  return rows;
}

async function pgliteFigures(): Promise<Row> {
  const dataDir = temporaryDir('pglite');
  try {
    const seeded = await openDatabase({ dataDir });
    let data: BenchData;
    try {
      await migrateDatabase(seeded);
      data = await timed('PGlite: the same data seeded', () => seedBenchData(seeded.db));
    } finally {
      await seeded.close();
    }
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      step('PGlite: book-class over HTTP');
      const figures = await bookingLoad(server.url, data, bookingRotation(BENCH_SIZE), BOOKING_SECONDS);
      return { name: 'POST book-class, PGlite (HTTP)', figures };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function lighthouseFigures(): Promise<PageScores[]> {
  // The production build npm start serves (rebuilt only when its sources changed).
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web build failed');
  const dataDir = temporaryDir('lighthouse');
  try {
    const database = await openDatabase({ dataDir });
    try {
      await migrateDatabase(database);
      await seedDemoData(database.db, { timeZone: 'UTC' });
    } finally {
      await database.close();
    }
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      step(`Lighthouse: ${LIGHTHOUSE_PATHS.join(', ')}`);
      return await lighthouseScores(server.url, LIGHTHOUSE_PATHS);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function printLoad(rows: Row[]): void {
  console.log(
    `\n${formatTable(
      ['load (64 connections)', 'requests', 'ok/s', '2xx', 'p50 ms', 'p99 ms'],
      rows.map(({ name, figures }) => [
        name,
        number(figures.requests),
        number(figures.perSecond),
        `${number(figures.okShare * 100, 1)}%`,
        number(figures.p50Ms, 1),
        number(figures.p99Ms, 1),
      ]),
    )}`,
  );
  const http = rows[0]?.figures.perSecond ?? 0;
  const sql = rows[1]?.figures.perSecond ?? 0;
  if (sql > 0) console.log(`\nbook-class over HTTP / raw SQL: ${number(http / sql, 2)}`);
}

function printScores(scores: PageScores[]): boolean {
  const pass = (score: number, target: number) => `${score}${score >= target ? '' : ' (below target)'}`;
  console.log(
    `\n${formatTable(
      [
        'Lighthouse (mobile)',
        `performance (≥ ${TARGETS.performance})`,
        `accessibility (≥ ${TARGETS.accessibility})`,
      ],
      scores.map((page) => [
        page.path,
        pass(page.performance, TARGETS.performance),
        pass(page.accessibility, TARGETS.accessibility),
      ]),
    )}`,
  );
  return scores.every(
    (page) => page.performance >= TARGETS.performance && page.accessibility >= TARGETS.accessibility,
  );
}

const databases = new BenchDatabases();
let rows: Row[];
let scores: PageScores[];
try {
  rows = [...(await postgresFigures(databases)), await pgliteFigures()];
  scores = await lighthouseFigures();
} finally {
  await databases.dropAll();
}
printLoad(rows);
if (!printScores(scores)) process.exitCode = 1;
