import { Alert } from '@mantine/core';
import { levelRangeLabel } from '@tokenly/contract/cefr';
import type { BookingLevel } from '@tokenly/contract/levels';
import { useT } from '../../../lib/i18n';

/** Whether booking needs the learner's confirmation (rule "warn") or is refused (rule "refuse"). */
export const levelAsks = (level: BookingLevel) => !level.fits && level.rule === 'warn';
export const levelRefuses = (level: BookingLevel) => !level.fits && level.rule === 'refuse';

/**
 * A class outside the learner's level, in a booking's confirmation: both levels named, and what the
 * school's rule makes of it. Nothing for a class at the level, or when the school does not look.
 */
export function LevelNotice({ level, id }: { level: BookingLevel; id: string }) {
  const t = useT();
  if (level.fits || level.rule === 'off') return null;
  const values = { range: levelRangeLabel(level) ?? '', level: level.learner_level ?? '' };
  return (
    <Alert
      id={id}
      color={level.rule === 'refuse' ? 'red' : 'orange'}
      title={t('booking.level.outside')}
      c="dark.8"
    >
      {t(level.rule === 'refuse' ? 'booking.level.refused' : 'booking.level.warn', values)}
    </Alert>
  );
}
