import type { PublicClosedDay } from '@tokenly/contract/closed-days';
import { dayOf, formatDate } from '../../../lib/format';

/** " No class on 25 December 2026 (Christmas Day): the school is closed." after a series save; '' when none. */
export function skippedClosedDaysNote(days: PublicClosedDay[]): string {
  if (days.length === 0) return '';
  const named = days.map((found) => `${formatDate(dayOf(found.day))} (${found.name})`).join(', ');
  return ` No class on ${named}: the school is closed.`;
}
