// The scale part of the bench: a school five years on (scale-seed.ts, bulk SQL on PostgreSQL) and one a
// tenth of its size, so growth with age shows. In each, the administrator's lists, search, dashboard and
// pages and a learner's credit history at 10 connections, then each export alone, with the server's
// event loop and memory watched from inside its process (watch.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import { PAGE_SIZE } from '@tokenly/contract/common';
import { SCALE_CONNECTIONS, scaleLoad } from './http-load';
import { type BenchDatabases, checkConsistent, databaseUrl } from './postgres';
import { step, timed } from './progress';
import { FULL_SCALE, type ScaleSchool, type ScaleSize, seedScaleSchool } from './scale-seed';
import { type RunningServer, startServer } from './start-server';

/** SCALE_LEARNERS shrinks (or grows) the full school; teachers and classes a day keep their share. */
const LEARNERS = Number(process.env.SCALE_LEARNERS ?? FULL_SCALE.learners);
/** Seconds each call is measured for, after a second of warm-up. */
const CALL_SECONDS = Number(process.env.SCALE_SECONDS ?? 3);

export type ExportFigures = {
  rows: number;
  rowsPerSecond: number;
  firstByteMs: number;
  /** The longest the server's event loop was held while the export ran. */
  worstLoopDelayMs: number;
  startServerMb: number;
  peakServerMb: number;
};

export type CallFigures = {
  p50Ms: number;
  p99Ms: number;
  requests: number;
  okShare: number;
  /** The server process's CPU per request: unlike the latencies, it hardly moves with the machine's load. */
  serverCpuMs: number;
};

export type ScaleFigures = {
  learners: number;
  counts: Record<string, number>;
  seedSeconds: number;
  calls: { name: string; figures: CallFigures }[];
  /** The server's event loop with no request at all, as long as a call is measured: what the machine adds. */
  idleLoopDelayMs: number;
  exports: { name: string; figures: ExportFigures }[];
};

/**
 * The school at this many learners. It keeps at least a page of teachers, so the teachers list of each
 * school answers a full page and the growth it shows is the cost of the school's age, not of more rows.
 */
function sizeOf(learners: number): ScaleSize {
  const share = learners / FULL_SCALE.learners;
  return {
    learners,
    teachers: Math.max(PAGE_SIZE, Math.round(FULL_SCALE.teachers * share)),
    classesPerDay: Math.max(1, Math.round(FULL_SCALE.classesPerDay * share)),
  };
}

/** The calls, each a path or several taken in turn (a page that asks for two), and who asks. */
function callsOf(school: ScaleSchool): { name: string; paths: string[]; token: string }[] {
  const admin = school.adminToken;
  const deepPage = Math.ceil((school.counts.payments ?? 0) / PAGE_SIZE);
  const classPath = `/api/admin-course-schedule/${school.classId}`;
  return [
    { name: 'get-payment-list, page 1 with totals', paths: ['/api/get-payment-list?page=1'], token: admin },
    {
      name: 'get-payment-list, last page',
      paths: [`/api/get-payment-list?page=${deepPage}`],
      token: admin,
    },
    {
      name: 'get-payment-list?status=refunded',
      paths: ['/api/get-payment-list?status=refunded&page=1'],
      token: admin,
    },
    { name: 'admin-mail-outbox, page 1', paths: ['/api/admin-mail-outbox?page=1'], token: admin },
    { name: 'admin-audit-log, page 1', paths: ['/api/admin-audit-log?page=1'], token: admin },
    { name: 'admin-teachers, page 1', paths: ['/api/admin-teachers?page=1'], token: admin },
    { name: 'admin-user-list (balances), page 1', paths: ['/api/admin-user-list?page=1'], token: admin },
    {
      name: 'admin-search, part of a name',
      paths: [`/api/admin-search?q=${encodeURIComponent('c4ca4')}`],
      token: admin,
    },
    { name: 'admin-dashboard', paths: ['/api/admin-dashboard'], token: admin },
    {
      name: 'admin-student/:id (student page)',
      paths: [`/api/admin-student/${school.learnerId}`],
      token: admin,
    },
    { name: 'class page: the class, its roster', paths: [classPath, `${classPath}/roster`], token: admin },
    {
      name: 'user-credit-history (the learner)',
      paths: ['/api/user-credit-history?page=1'],
      token: school.learnerToken,
    },
  ];
}

function exportsOf(school: ScaleSchool): { name: string; path: string }[] {
  return [
    { name: 'payments (get-payment-list.csv)', path: 'get-payment-list.csv' },
    { name: 'learners (admin-user-list.csv)', path: 'admin-user-list.csv' },
    { name: 'a class roster (roster.csv)', path: `admin-course-schedule/${school.classId}/roster.csv` },
  ];
}

async function exportFigures(server: RunningServer, path: string, token: string): Promise<ExportFigures> {
  const { result, watched } = await server.watched(async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    let firstByteMs: number | undefined;
    let lines = 0;
    for await (const chunk of response.body ?? []) {
      firstByteMs ??= performance.now() - started;
      for (const byte of chunk as Uint8Array) if (byte === 10) lines += 1;
    }
    return { lines, firstByteMs: firstByteMs ?? 0, seconds: (performance.now() - started) / 1000 };
  });
  const rows = result.lines - 1;
  return {
    rows,
    rowsPerSecond: rows / result.seconds,
    firstByteMs: result.firstByteMs,
    worstLoopDelayMs: watched.worstLoopDelayMs,
    startServerMb: watched.startRssBytes / 1024 / 1024,
    peakServerMb: watched.peakRssBytes / 1024 / 1024,
  };
}

/** One call at SCALE_CONNECTIONS: a second of warm-up (first plans, JIT), then CALL_SECONDS measured. */
async function callFigures(server: RunningServer, paths: string[], token: string): Promise<CallFigures> {
  await scaleLoad(server.url, paths, token, 1);
  const figures = await server.measured(() => scaleLoad(server.url, paths, token, CALL_SECONDS));
  return {
    p50Ms: figures.p50Ms,
    p99Ms: figures.p99Ms,
    requests: figures.requests,
    okShare: figures.okShare,
    serverCpuMs: figures.serverCpuMs ?? 0,
  };
}

/** Each measured on its own: measured together they would measure each other. */
async function sequentially<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await run(item));
  return results;
}

/** One school: seeded, checked, then its calls and its exports measured. */
async function figuresAt(databases: BenchDatabases, learners: number): Promise<ScaleFigures> {
  const name = await databases.create(`scale_${learners}`);
  const url = databaseUrl(name);
  const label = `${learners.toLocaleString('en-US')} learners`;
  step(`scale: seeding a school of ${label}`);
  const started = Date.now();
  const school = await timed(`scale: a school of ${label} seeded`, () =>
    seedScaleSchool(url, sizeOf(learners)),
  );
  const seedSeconds = (Date.now() - started) / 1000;
  step(`scale: ${JSON.stringify(school.counts)}`);
  await checkConsistent(url);
  const server = await startServer({ DATABASE_URL: url });
  try {
    step(`scale: calls at ${SCALE_CONNECTIONS} connections and exports, ${label}`);
    const calls = await sequentially(callsOf(school), async ({ name: call, paths, token }) => ({
      name: call,
      figures: await callFigures(server, paths, token),
    }));
    const idle = await server.watched(() => sleep(CALL_SECONDS * 1000));
    const exports = await sequentially(exportsOf(school), async ({ name: file, path }) => ({
      name: file,
      figures: await exportFigures(server, path, school.adminToken),
    }));
    return {
      learners,
      counts: school.counts,
      seedSeconds,
      calls,
      idleLoopDelayMs: idle.watched.worstLoopDelayMs,
      exports,
    };
  } finally {
    await server.stop();
    // A school of a million rows a table is dropped at once: the next one needs the disk and the cache.
    await databases.drop(name);
  }
}

/** The school at a tenth of its size, then at full size. */
export async function scaleFigures(databases: BenchDatabases): Promise<ScaleFigures[]> {
  return [await figuresAt(databases, Math.round(LEARNERS / 10)), await figuresAt(databases, LEARNERS)];
}
