import { setTimeout as sleep } from 'node:timers/promises';
import { PAGE_SIZE } from '@tokenly/contract/common';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import autocannon from 'autocannon';
import { type BookingRotation, bookingPair } from './booking-pairs';
import type { BenchData } from './seed-bench-data';

export const CONNECTIONS = 64;
/** The scale part's calls: a school's office at its busiest, not a booking rush. */
export const SCALE_CONNECTIONS = 10;
/** Long enough for a busy server to finish 64 abandoned bookings (decision 017). */
const WARM_UP_DRAIN_MS = 2000;

export type LoadFigures = {
  requests: number;
  /** Requests answered 2xx per second. */
  perSecond: number;
  okShare: number;
  p50Ms: number;
  p99Ms: number;
  /** The server process's CPU time per request, where the bench measured it (start-server.ts). */
  serverCpuMs?: number;
};

type Request = autocannon.Request;

async function load(
  url: string,
  seconds: number,
  next: (request: Request) => Request,
  amount?: number,
  connections = CONNECTIONS,
): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections,
    // A fixed number of requests when each can be made once (cancels), else for `seconds`.
    ...(amount === undefined ? { duration: seconds } : { amount }),
    requests: [{ setupRequest: (request) => next(request) }],
  });
  const answered = result['1xx'] + result['2xx'] + result.non2xx;
  return {
    requests: answered,
    perSecond: result['2xx'] / result.duration,
    okShare: answered === 0 ? 0 : result['2xx'] / answered,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

const api = (path: string) => `/api/${path}`;

/** POST book-class, each request a different learner and class (booking-pairs.ts). */
export function bookingLoad(
  url: string,
  data: BenchData,
  rotation: BookingRotation,
  seconds: number,
  firstRequest = 0,
) {
  let k = firstRequest;
  return load(url, seconds, (request) => {
    const { token, classId } = bookingPair(data, rotation, k);
    k += 1;
    return {
      ...request,
      method: 'POST',
      path: api(ENDPOINTS.bookClass.path),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ schedule_id: classId }),
    };
  });
}

/**
 * Two seconds of bookings from the far half of the rotation, so the measured run (from request 0) never
 * meets a pair it made: the first requests of a new process (JIT, first plans, the mail renderer's first
 * import) otherwise weigh on the p99 of a ten-second run, and the read paths are warmed up the same way.
 *
 * Then a pause: autocannon drops its connections when the time is up, but the server still accepts,
 * reads and runs the requests they had sent. Measured at once, the new connections queued behind those
 * (on PGlite, up to 40 abandoned connections, each accepted in an event-loop turn of its own) and the
 * slowest waited most of a 6-second run for a first answer: a cost of the bench, not of any client.
 */
export async function bookingWarmUp(url: string, data: BenchData, rotation: BookingRotation) {
  await bookingLoad(url, data, rotation, 2, Math.floor(rotation.capacity / 2));
  await sleep(WARM_UP_DRAIN_MS);
}

/** Learners no scenario books or cancels with (the cancel setup stops at 6,600, the series at 320). */
const WARM_UP_LEARNERS_FROM = 9000;

/**
 * Two seconds of learners reading their own bookings, for a server started on a database prepared before
 * it: the first requests of a new process (JIT, first plans) would otherwise weigh on a short run of a
 * fixed number of requests, and reads by other learners change nothing that run or its pgbench twin reads.
 */
export function readWarmUp(url: string, data: BenchData) {
  const tokens = data.learnerTokens.slice(WARM_UP_LEARNERS_FROM);
  return readLoad(url, data, readPaths.plain(ENDPOINTS.userBookings.path), 2, tokens);
}

/** POST cancel-booking of each booking in turn, by its learner: every request a real cancel. */
export function cancelLoad(url: string, cancels: { token: string; bookingId: number }[]) {
  let k = 0;
  return load(
    url,
    0,
    (request) => {
      const cancel = cancels[k % cancels.length];
      k += 1;
      return {
        ...request,
        method: 'POST',
        path: api(ENDPOINTS.cancelBooking.path.replace(':id', String(cancel?.bookingId ?? 0))),
        headers: { authorization: `Bearer ${cancel?.token ?? ''}` },
      };
    },
    cancels.length,
  );
}

/** POST book-series from each series' first class, request k by the k-th learner: every class booked. */
export function seriesLoad(url: string, requests: { token: string; firstClassId: number }[]) {
  let k = 0;
  return load(
    url,
    0,
    (request) => {
      const next = requests[k % requests.length];
      k += 1;
      return {
        ...request,
        method: 'POST',
        path: api(ENDPOINTS.bookSeries.path),
        headers: { authorization: `Bearer ${next?.token ?? ''}`, 'content-type': 'application/json' },
        body: JSON.stringify({ schedule_id: next?.firstClassId ?? 0 }),
      };
    },
    requests.length,
  );
}

/** GET requests cycling through `paths`, and through `tokens` for who asks. */
function getRequests(paths: string[], tokens: string[]) {
  let k = 0;
  return (request: Request): Request => {
    const path = paths[k % paths.length] ?? '/';
    const token = tokens[k % tokens.length] ?? '';
    k += 1;
    // As a browser asks: it always accepts gzip.
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
    return { ...request, method: 'GET', path, headers };
  };
}

/** GET requests cycling through the given paths, as the admin unless `tokens` names who else (in turn). */
export function readLoad(
  url: string,
  data: BenchData,
  paths: string[],
  seconds: number,
  tokens: string[] = [data.adminToken],
) {
  return load(url, seconds, getRequests(paths, tokens));
}

/** GET requests cycling through the given paths as the holder of `token`, at SCALE_CONNECTIONS. */
export function scaleLoad(url: string, paths: string[], token: string, seconds: number) {
  return load(url, seconds, getRequests(paths, [token]), undefined, SCALE_CONNECTIONS);
}

export const readPaths = {
  scheduleByDate: (data: BenchData) =>
    data.classDays.map((day) => `${api(ENDPOINTS.scheduleByDate.path)}?date=${day}`),
  /** The month calendar as the web app asks for it: six weeks (42 days), a week further each time. */
  month: (data: BenchData) => {
    const months: string[] = [];
    for (let start = 0; start + 42 <= data.classDays.length; start += 7) {
      const from = data.classDays[start];
      const to = data.classDays[start + 41];
      months.push(`${api(ENDPOINTS.calendarSchedules.path)}?from=${from}&to=${to}`);
    }
    return months;
  },
  paged: (path: string, rows: number) =>
    Array.from({ length: Math.ceil(rows / PAGE_SIZE) }, (_, i) => `${api(path)}?page=${i + 1}`),
  plain: (path: string) => [api(path)],
};
