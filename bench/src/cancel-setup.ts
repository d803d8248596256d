import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { BenchData } from './seed-bench-data';

/** Classes whose cancel window and waitlist cutoff are still days away: the bench's classes from day 3. */
const FIRST_CLASS_INDEX = 3 * 50;
const WAITING_LEARNERS_FROM = 5000;

async function post(
  url: string,
  path: string,
  token: string,
  body: unknown,
): Promise<{ data?: { id?: number } }> {
  const response = await fetch(`${url}/api/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { data?: { id?: number } };
}

/** Runs `work` for 0..count-1, `parallel` at a time. */
async function inParallel(count: number, parallel: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const i = next;
        next += 1;
        await work(i);
      }
    }),
  );
}

/**
 * The cancel path of the performance goals, with its waitlist promotion: `classes` classes filled (each seat a different
 * learner) and each with as many learners waiting as it has seats, all through the API, so lots, ledger
 * and queue are the app's own. Returns one cancel per booking, in the order of the bookings' ids (pgbench's
 * script cancels booking first + k for request k, so both runs cancel in the same order); each cancel
 * promotes the first in line.
 */
export async function fillClassesWithWaitlists(
  url: string,
  data: BenchData,
  { classes, seats }: { classes: number; seats: number },
): Promise<{ cancels: { token: string; bookingId: number }[]; classIds: number[] }> {
  const classIds = data.classIds.slice(FIRST_CLASS_INDEX, FIRST_CLASS_INDEX + classes);
  const cancels: { token: string; bookingId: number }[] = [];
  const seat = (i: number) => ({ classId: classIds[Math.floor(i / seats)] ?? 0, learner: i });
  await inParallel(classIds.length * seats, 16, async (i) => {
    const { classId, learner } = seat(i);
    const token = data.learnerTokens[learner] ?? '';
    const answer = await post(url, ENDPOINTS.bookClass.path, token, { schedule_id: classId });
    cancels.push({ token, bookingId: answer.data?.id ?? 0 });
  });
  await inParallel(classIds.length * seats, 16, async (i) => {
    const { classId } = seat(i);
    const token = data.learnerTokens[WAITING_LEARNERS_FROM + i] ?? '';
    await post(url, ENDPOINTS.joinWaitlist.path, token, { schedule_id: classId });
  });
  cancels.sort((a, b) => a.bookingId - b.bookingId);
  return { cancels, classIds };
}
