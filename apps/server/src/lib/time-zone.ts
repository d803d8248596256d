export type LocalDate = { year: number; month: number; day: number };
type LocalDateTime = LocalDate & { hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of an instant in a time zone. */
export function toLocalDateTime(instant: Date, timeZone: string): LocalDateTime & { second: number } {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

function offsetMs(instant: Date, timeZone: string): number {
  const local = toLocalDateTime(instant, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** An instant as ISO 8601 in a zone's wall-clock time with its offset then: 2026-12-01T09:00:00+09:00. */
export function isoInZone(instant: Date, timeZone: string): string {
  const local = toLocalDateTime(instant, timeZone);
  const offsetMinutes = Math.round(offsetMs(instant, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${twoDigits(Math.floor(Math.abs(offsetMinutes) / 60))}:${twoDigits(Math.abs(offsetMinutes) % 60)}`;
  const date = `${String(local.year).padStart(4, '0')}-${twoDigits(local.month)}-${twoDigits(local.day)}`;
  return `${date}T${twoDigits(local.hour)}:${twoDigits(local.minute)}:${twoDigits(local.second)}${offset}`;
}

/**
 * The instant at which clocks in `timeZone` show `local`. A time skipped by a DST change does not
 * exist; it lands one offset change later (02:30 becomes 03:30), as most calendars do. A repeated
 * time resolves to its first occurrence.
 */
export function fromLocalDateTime(local: LocalDateTime, timeZone: string): Date {
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  // The offsets in force around that day: a change of offset (an hour, or Lord Howe's half hour) falls
  // between them, so each reading of the wall clock is one of these candidates.
  const candidates = [-DAY_MS, 0, DAY_MS].map((shift) => asUtc - offsetMs(new Date(asUtc + shift), timeZone));
  const shows = (instant: number) => {
    const reading = toLocalDateTime(new Date(instant), timeZone);
    return reading.day === local.day && reading.hour === local.hour && reading.minute === local.minute;
  };
  const exact = candidates.filter(shows);
  return new Date(exact.length > 0 ? Math.min(...exact) : Math.max(...candidates));
}

/** Calendar arithmetic on a local date, independent of any time zone. */
export function addDays(date: LocalDate, days: number): LocalDate & { weekday: number } {
  const utc = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  // weekday: 0 = Sunday ... 6 = Saturday.
  return {
    year: utc.getUTCFullYear(),
    month: utc.getUTCMonth() + 1,
    day: utc.getUTCDate(),
    weekday: utc.getUTCDay(),
  };
}

/** A calendar date as clients send it (2026-05-01, already validated by the contract). */
export function parseLocalDate(value: string): LocalDate {
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  return { year, month, day };
}

/** Midnight of a local day in the zone; DST days are 23 or 25 hours long, so never add 24 h. */
export function startOfLocalDay(date: LocalDate, timeZone: string): Date {
  return fromLocalDateTime({ ...date, hour: 0, minute: 0 }, timeZone);
}
