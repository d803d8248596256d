import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  DEFAULT_CLASS_MINUTES,
  findTeacherClassesBetween,
  type ScheduleWithCourse,
} from './schedules-repository';

/** When one class runs: from its start for its length. */
export type ClassPeriod = { start: Date; end: Date };

const MINUTE_MS = 60_000;

export const periodOf = (start: Date, minutes: number = DEFAULT_CLASS_MINUTES): ClassPeriod => ({
  start,
  end: new Date(start.getTime() + minutes * MINUTE_MS),
});

const overlaps = (a: ClassPeriod, b: ClassPeriod) => a.start < b.end && b.start < a.end;

const dayFormats = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/** "Tue 1 Dec, 10:00–10:50" in the school's zone: how the administrator reads a clash. */
function formatPeriod({ start, end }: ClassPeriod, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = {
      day: new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short' }),
      time: new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
    };
    dayFormats.set(timeZone, format);
  }
  return `${format.day.format(start)}, ${format.time.format(start)}–${format.time.format(end)}`;
}

/** The field a refusal names, which the request sets to true to schedule anyway. */
const ALLOW_TEACHER_CLASH = 'allow_teacher_clash';

/**
 * A teacher is in one class at a time: the classes they already teach (still on, not among `except`,
 * which the change itself moves) that overlap any of `periods`. Cancelled classes do not count.
 */
export async function teacherClashes(
  db: Database,
  teacherId: number,
  periods: ClassPeriod[],
  except: number[] = [],
): Promise<ScheduleWithCourse[]> {
  if (periods.length === 0) return [];
  const from = new Date(Math.min(...periods.map((period) => period.start.getTime())));
  const to = new Date(Math.max(...periods.map((period) => period.end.getTime())));
  const candidates = await findTeacherClassesBetween(db, teacherId, { from, to, except });
  return candidates.filter((found) => {
    const taken = periodOf(found.startsAt, found.durationMin);
    return periods.some((period) => overlaps(period, taken));
  });
}

/**
 * The periods a change of classes puts their teacher in: none when it keeps both the teacher and every
 * start, so an old overlap never holds up a change of title or seats.
 */
export function changedPeriods(
  teacherChanged: boolean,
  classes: { startsAt: Date; durationMin: number; newStart: Date }[],
): ClassPeriod[] {
  const moved = classes.some((found) => found.newStart.getTime() !== found.startsAt.getTime());
  if (!teacherChanged && !moved) return [];
  return classes.map((found) => periodOf(found.newStart, found.durationMin));
}

/** "James Patel teaches Vocabulary Builder on Tue 1 Dec, 10:00–10:50", and how many more clash. */
export function describeClashes(clashes: ScheduleWithCourse[], timeZone: string): string {
  const [first, ...rest] = clashes;
  if (!first) return '';
  const when = formatPeriod(periodOf(first.startsAt, first.durationMin), timeZone);
  const more =
    rest.length === 0 ? '' : ` (and ${rest.length} more ${rest.length === 1 ? 'class' : 'classes'})`;
  return `${first.teacherName ?? 'The teacher'} teaches ${first.title} on ${when}${more}.`;
}

/**
 * Refuses (409) a schedule that puts the teacher in two classes at once, naming the clash, unless the
 * administrator confirmed it (`allow`): a team-taught class or a recording is theirs to decide.
 */
export async function ensureTeacherFree(
  db: Database,
  request: {
    teacherId: number | null;
    periods: ClassPeriod[];
    except?: number[];
    allow?: boolean;
    timeZone: string;
  },
): Promise<void> {
  if (request.teacherId === null || request.allow || request.periods.length === 0) return;
  const clashes = await teacherClashes(db, request.teacherId, request.periods, request.except);
  if (clashes.length === 0) return;
  const message = `${describeClashes(clashes, request.timeZone)} Confirm to schedule anyway.`;
  throw new AppError('CONFLICT', message, { [ALLOW_TEACHER_CLASH]: [message] });
}
