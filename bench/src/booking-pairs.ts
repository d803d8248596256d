import type { BenchData, BenchSize } from './seed-bench-data';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Which learner books which class for the k-th request, shared by the HTTP run and the pgbench script
 * so both do the same work: learner k mod L, class k mod C, with C coprime to L so that no pair comes
 * twice (each request is a real booking, not a 409) until L×C requests. Credits and seats last for
 * `capacity` requests.
 */
export function bookingRotation(size: BenchSize) {
  let classes = size.classes;
  while (gcd(size.learners, classes) !== 1) classes -= 1;
  return {
    learners: size.learners,
    classes,
    capacity: Math.min(size.learners * size.creditsEach, classes * size.seatsEach),
  };
}

export type BookingRotation = ReturnType<typeof bookingRotation>;

/** Ids must be consecutive for pgbench, which computes them as first id + index. */
export function firstOfConsecutive(ids: number[], what: string): number {
  const first = ids[0];
  if (first === undefined || ids.some((id, i) => id !== first + i)) {
    throw new Error(`the bench ${what} ids are not consecutive`);
  }
  return first;
}

export function bookingPair(data: BenchData, rotation: BookingRotation, k: number) {
  const token = data.learnerTokens[k % rotation.learners];
  const classId = data.classIds[k % rotation.classes];
  if (token === undefined || classId === undefined) throw new Error(`no booking pair for request ${k}`);
  return { token, classId };
}
