import { type Clock, systemClock } from 'pg-boss';

/**
 * The one source of "now" for services and jobs (STYLE.md). It is pg-boss's clock interface, so a test
 * drives the app and the job queue with one pg-boss TestClock and they never disagree.
 */
export type { Clock };
export { systemClock };

export function nowOf(clock: Clock): Date {
  return new Date(clock.now());
}
