import { addDays, fromLocalDateTime, type LocalDate, toLocalDateTime } from '../../lib/time-zone';

export type SeriesRule = { weekdays: number[]; startTime: string; timeZone: string };

export const pad = (value: number) => String(value).padStart(2, '0');
export const isoDate = (date: LocalDate) => `${date.year}-${pad(date.month)}-${pad(date.day)}`;

function parseTime(value: string): { hour: number; minute: number } {
  const [hour = 0, minute = 0] = value.split(':').map(Number);
  return { hour, minute };
}

/**
 * The instants of a weekly rule on the local days first..last (inclusive). Days are counted on the
 * calendar, never in 24-hour steps, and each wall-clock time is turned into an instant in the rule's zone
 * on its own day: Monday 18:00 in Europe/London is 18:00 GMT before the spring change and 18:00 BST after.
 */
export function occurrencesOf(rule: SeriesRule, first: LocalDate, last: LocalDate): Date[] {
  const time = parseTime(rule.startTime);
  const starts: Date[] = [];
  const end = isoDate(last);
  for (let offset = 0; ; offset += 1) {
    const day = addDays(first, offset);
    if (isoDate(day) > end) break;
    if (rule.weekdays.includes(day.weekday))
      starts.push(fromLocalDateTime({ ...day, ...time }, rule.timeZone));
  }
  return starts;
}

/**
 * "This and following": the class edited starts at the date given, each later one of its series at the
 * same time of day (in the series' zone) on its own day.
 */
export function followingStart(
  row: { id: number; startsAt: Date },
  edited: { id: number; date: Date },
  timeZone: string,
): Date {
  if (row.id === edited.id) return edited.date;
  const { hour, minute } = toLocalDateTime(edited.date, timeZone);
  return fromLocalDateTime({ ...toLocalDateTime(row.startsAt, timeZone), hour, minute }, timeZone);
}
