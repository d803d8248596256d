// `npm run bench`: booking throughput on PostgreSQL (HTTP beside raw SQL through pgbench) and on
// PGlite, cancel with waitlist promotion and book-series (each HTTP beside its pgbench twin), read paths
// on 10,000 classes and learners, a profile of the server under the booking load, and Lighthouse on four
// pages. Prints the figures, then each goal of docs/performance.md as met or not met.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { REPO_ROOT } from '@tokenly/server/src/config/paths';
import { openDatabase } from '@tokenly/server/src/db/client';
import { migrateDatabase } from '@tokenly/server/src/db/migrate';
import { seedDemoData } from '@tokenly/server/src/db/seed/seed';
import { nowOf, systemClock } from '@tokenly/server/src/lib/clock';
import { createFileStore } from '@tokenly/server/src/lib/file-store/create-file-store';
import { bookingRotation, firstOfConsecutive } from './booking-pairs';
import { cancelFigures } from './cancel-scenario';
import type { SelfTime } from './cpu-profile';
import { evaluateGoals, formatGoals, growthOf, ROW, type Row } from './goals';
import { bookingLoad, bookingWarmUp, CONNECTIONS, readLoad, readPaths, SCALE_CONNECTIONS } from './http-load';
import { lighthouseScores, type PageScores } from './lighthouse';
import { runPgbench } from './pgbench';
import { bookClassScript } from './pgbench-scripts';
import { analyze, BenchDatabases, checkConsistent, databaseUrl } from './postgres';
import { step, timed } from './progress';
import { type ScaleFigures, scaleFigures } from './scale-scenario';
import { BENCH_SIZE, type BenchData, seedBenchData } from './seed-bench-data';
import { seriesFigures } from './series-scenario';
import { startServer } from './start-server';
import { formatTable } from './table';

// BENCH_ONLY=book,reads,pgbench,profile,cancel,series,pglite,lighthouse,scale runs only those parts (all by
// default); cancel and series each run their HTTP load and its pgbench twin. BENCH_SECONDS shortens or
// lengthens every timed load (booking loads take it, read loads half of it); cancel and series are a
// fixed number of requests, each of which can be made once.
const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const wants = (part: string) => ONLY.size === 0 || ONLY.has(part);
const BOOKING_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const READ_SECONDS = Math.max(1, Math.round(BOOKING_SECONDS / 2));
const PROFILE_SECONDS = Math.max(1, Math.round(BOOKING_SECONDS / 2));
const LIGHTHOUSE_PATHS = ['/', '/membership', '/payment', '/login'];

function temporaryDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `tokenly-bench-${name}-`));
}

/** The read paths the read goals are measured on, each with who asks (the admin unless named). */
function readScenarios(data: BenchData): { name: string; paths: string[]; tokens?: string[] }[] {
  const learners = data.learnerTokens.slice(0, 1000);
  return [
    { name: 'GET admin-course-schedule-by-date?date=', paths: readPaths.scheduleByDate(data) },
    { name: 'GET calendar-schedules (6 weeks)', paths: readPaths.month(data) },
    {
      name: 'GET admin-course-schedule?page=N',
      paths: readPaths.paged(ENDPOINTS.adminSchedules.path, BENCH_SIZE.classes),
    },
    {
      name: 'GET admin-user-list?page=N',
      paths: readPaths.paged(ENDPOINTS.adminStudents.path, BENCH_SIZE.learners),
    },
    {
      name: 'GET user-course-schedule (learner)',
      paths: readPaths.plain(ENDPOINTS.userBookings.path),
      tokens: learners,
    },
    {
      name: 'GET user-waitlist (learner)',
      paths: readPaths.plain(ENDPOINTS.userWaitlist.path),
      tokens: learners,
    },
    {
      name: 'GET teacher-classes (teacher)',
      paths: readPaths.plain(ENDPOINTS.teacherClasses.path),
      tokens: [data.teacherToken],
    },
  ];
}

type PostgresResult = { rows: Row[]; reads: Row[]; top: SelfTime[] };

async function postgresFigures(databases: BenchDatabases): Promise<PostgresResult> {
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
  // Planner statistics, as autovacuum would have gathered on a school's database; the copies below
  // inherit them. Without them a fresh copy plans the admin lists for a handful of rows.
  await analyze(databaseUrl(seedName));
  const rotation = bookingRotation(BENCH_SIZE);
  const result: PostgresResult = { rows: [], reads: [], top: [] };

  // Each run gets its own copy of the seeded database, so both start from the same state.
  if (wants('book') || wants('reads')) {
    const httpName = await databases.create('http', seedName);
    const server = await startServer({ DATABASE_URL: databaseUrl(httpName) });
    try {
      if (wants('book')) {
        await bookingWarmUp(server.url, data, rotation);
        step('PostgreSQL: book-class over HTTP');
        result.rows.push({
          name: ROW.bookHttp,
          figures: await server.measured(() => bookingLoad(server.url, data, rotation, BOOKING_SECONDS)),
        });
      }
      if (wants('reads')) {
        // After the bookings, so the learners' lists have rows.
        const scenarios = readScenarios(data);
        const first = scenarios[0];
        if (first) await readLoad(server.url, data, first.paths, 2); // warm-up
        step('PostgreSQL: read paths');
        for (const { name, paths, tokens } of scenarios) {
          result.reads.push({
            name,
            figures: await server.measured(() => readLoad(server.url, data, paths, READ_SECONDS, tokens)),
          });
        }
      }
    } finally {
      await server.stop();
    }
    await checkConsistent(databaseUrl(httpName));
  }

  if (wants('profile')) {
    // A copy of its own: the sampling slows the server a little, so its figures are not the ones above.
    const profileName = await databases.create('profile', seedName);
    const server = await startServer({ DATABASE_URL: databaseUrl(profileName) });
    try {
      await bookingWarmUp(server.url, data, rotation);
      step('PostgreSQL: book-class over HTTP, profiled');
      const profiled = await server.profiled(() => bookingLoad(server.url, data, rotation, PROFILE_SECONDS));
      result.top = profiled.top;
    } finally {
      await server.stop();
    }
    await checkConsistent(databaseUrl(profileName));
  }

  if (wants('cancel')) result.rows.push(...(await cancelFigures(databases, seedName, data)));
  if (wants('series')) result.rows.push(...(await seriesFigures(databases, seedName, data)));

  if (wants('pgbench')) {
    const sqlName = await databases.create('sql', seedName);
    step('PostgreSQL: the same transaction through pgbench');
    const script = await bookClassScript({
      rotation,
      firstLearnerId: firstOfConsecutive(data.learnerIds, 'learner'),
      firstClassId: firstOfConsecutive(data.classIds, 'class'),
    });
    const sql = runPgbench(databaseUrl(sqlName), script, { clients: CONNECTIONS, seconds: BOOKING_SECONDS });
    await checkConsistent(databaseUrl(sqlName));
    result.rows.push({ name: ROW.bookSql, figures: sql });
  }
  return result;
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
      const rotation = bookingRotation(BENCH_SIZE);
      await bookingWarmUp(server.url, data, rotation);
      const figures = await server.measured(() => bookingLoad(server.url, data, rotation, BOOKING_SECONDS));
      return { name: ROW.bookPglite, figures };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function lighthouseFigures(paths: string[]): Promise<PageScores[]> {
  // The production build npm start serves (rebuilt only when its sources changed).
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web build failed');
  const dataDir = temporaryDir('lighthouse');
  try {
    const database = await openDatabase({ dataDir });
    try {
      await migrateDatabase(database);
      // The store the server started below on this DATA_DIR uses.
      const files = createFileStore({ kind: 'disk', dir: join(dataDir, 'files') });
      await seedDemoData(database.db, { timeZone: 'UTC', now: nowOf(systemClock), files });
    } finally {
      await database.close();
    }
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      step(`Lighthouse: ${paths.join(', ')}`);
      return await lighthouseScores(server.url, paths);
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
  if (rows.length === 0) return;
  console.log(
    `\n${formatTable(
      ['load (64 connections)', 'requests', 'ok/s', '2xx', 'p50 ms', 'p99 ms', 'server CPU ms/req'],
      rows.map(({ name, figures }) => [
        name,
        number(figures.requests),
        number(figures.perSecond),
        `${number(figures.okShare * 100, 1)}%`,
        number(figures.p50Ms, 1),
        number(figures.p99Ms, 1),
        figures.serverCpuMs === undefined ? '' : number(figures.serverCpuMs, 2),
      ]),
    )}`,
  );
}

function printProfile(top: SelfTime[]): void {
  if (top.length === 0) return;
  console.log(
    `\n${formatTable(
      ['book-class, top 10 self time (server process)', 'share', 'where'],
      top.map(({ fn, share, where }) => [fn.slice(0, 60), `${number(share * 100, 1)}%`, where]),
    )}`,
  );
}

function printScores(scores: PageScores[]): void {
  if (scores.length === 0) return;
  console.log(
    `\n${formatTable(
      [
        'Lighthouse (mobile), median run',
        'performance',
        'accessibility',
        'FCP ms',
        'LCP ms',
        'TBT ms',
        'SI ms',
        'performance, every run',
      ],
      scores.map(({ path, performance, accessibility, metrics, runs }) => [
        path,
        String(performance),
        String(accessibility),
        number(metrics.fcp),
        number(metrics.lcp),
        number(metrics.tbt),
        number(metrics.speedIndex),
        runs.join(' '),
      ]),
    )}`,
  );
}

function printScale(schools: ScaleFigures[]): void {
  if (schools.length === 0) return;
  const [tenth, full] = schools;
  const tables = Object.keys(full?.counts ?? {});
  console.log(
    `\n${formatTable(
      ['scale school (PostgreSQL)', ...tables, 'seeded in s'],
      schools.map(({ learners, counts, seedSeconds }) => [
        `${number(learners)} learners`,
        ...tables.map((table) => number(counts[table] ?? 0)),
        number(seedSeconds),
      ]),
    )}`,
  );
  if (!tenth || !full) return;
  console.log(
    `\n${formatTable(
      [
        `call, ${SCALE_CONNECTIONS} connections`,
        'p50 ms, a tenth',
        'p99 ms, a tenth',
        'p50 ms, full',
        'p99 ms, full',
        'p50 full / tenth',
        'server CPU ms/req, tenth → full',
        'requests, full',
      ],
      full.calls.map(({ name, figures }) => {
        const small = tenth.calls.find((call) => call.name === name)?.figures;
        return [
          name,
          number(small?.p50Ms ?? 0, 1),
          number(small?.p99Ms ?? 0, 1),
          number(figures.p50Ms, 1),
          number(figures.p99Ms, 1),
          small ? number(growthOf(figures.p50Ms, small.p50Ms), 2) : '',
          `${number(small?.serverCpuMs ?? 0, 2)} → ${number(figures.serverCpuMs, 2)}`,
          number(figures.requests),
        ];
      }),
    )}`,
  );
  console.log(
    `\n${formatTable(
      [
        'export, alone',
        'learners',
        'rows',
        'rows/s',
        'first byte ms',
        'worst loop delay ms',
        'server MB, start → peak',
      ],
      schools.flatMap(({ learners, exports, idleLoopDelayMs }) => [
        ['no request (the machine alone)', number(learners), '', '', '', number(idleLoopDelayMs, 1), ''],
        ...exports.map(({ name, figures }) => [
          name,
          number(learners),
          number(figures.rows),
          number(figures.rowsPerSecond),
          number(figures.firstByteMs, 1),
          number(figures.worstLoopDelayMs, 1),
          `${number(figures.startServerMb)} → ${number(figures.peakServerMb)}`,
        ]),
      ]),
    )}`,
  );
}

const databases = new BenchDatabases();
const results: { rows: Row[]; reads: Row[]; top: SelfTime[]; scores: PageScores[]; scale: ScaleFigures[] } = {
  rows: [],
  reads: [],
  top: [],
  scores: [],
  scale: [],
};
try {
  if (['book', 'reads', 'profile', 'pgbench', 'cancel', 'series'].some(wants)) {
    const postgres = await postgresFigures(databases);
    results.rows.push(...postgres.rows);
    results.reads.push(...postgres.reads);
    results.top = postgres.top;
  }
  if (wants('pglite')) results.rows.push(await pgliteFigures());
  if (wants('lighthouse')) results.scores = await lighthouseFigures(LIGHTHOUSE_PATHS);
  if (wants('scale')) results.scale = await scaleFigures(databases);
} finally {
  await databases.dropAll();
}
printLoad([...results.rows, ...results.reads]);
printProfile(results.top);
printScores(results.scores);
printScale(results.scale);
const goals = evaluateGoals(results);
console.log(`\n${formatGoals(goals)}`);
if (goals.some((goal) => goal.met === false)) process.exitCode = 1;
