import { LEVELS } from '@tokenly/contract/auth';
import type { CsvFile } from '../../lib/csv';
import type { RosterRow } from './bookings-repository';

const HEADER = ['Learner', 'Email', 'Level', 'Booked at', 'Status', 'Cancelled at'] as const;

const levelName = (level: number | null) => LEVELS.find((entry) => entry.value === level)?.label ?? '';

/**
 * A class's roster for the teacher or the front desk, in the same CSV as the other exports.
 * The file is named by the class's id: its title is the school's free text, unsafe in a header.
 */
export function rosterCsv(scheduleId: number, rows: RosterRow[]): CsvFile {
  return {
    filename: `class-${scheduleId}-roster.csv`,
    header: HEADER,
    // One class's bookings are bounded by its seats, so they go out as a single batch.
    async *batches() {
      yield rows.map((row) => [
        row.name,
        row.email,
        levelName(row.level),
        row.bookedAt.toISOString(),
        row.status,
        row.cancelledAt?.toISOString() ?? '',
      ]);
    },
  };
}
