import { Text, Title } from '@mantine/core';
import type { CalendarClass } from '@tokenly/contract/bookings';
import { Fragment, type ReactNode } from 'react';
import { formatDay, localIsoDay } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import classes from './week-grid.module.css';

/**
 * The timetable's week view: Monday to Sunday side by side, each day's classes in order, so a
 * learner sees the shape of the week at a glance. The agenda list is the same classes, one under another.
 */
export function WeekGrid({
  days,
  shown,
  children,
}: {
  days: Date[];
  shown: CalendarClass[];
  /** One class in its day's column, as a list item. */
  children: (item: CalendarClass) => ReactNode;
}) {
  const t = useT();
  const today = localIsoDay(new Date());
  return (
    <div className={classes.grid}>
      {days.map((day) => {
        const iso = localIsoDay(day);
        const ofDay = shown.filter((c) => localIsoDay(new Date(c.starts_at)) === iso);
        return (
          <section
            key={iso}
            className={`${classes.day} ${iso === today ? classes.today : ''}`}
            aria-labelledby={`week-day-${iso}`}
          >
            <Title order={3} size="h6" mb={6} id={`week-day-${iso}`}>
              {formatDay(day)}
            </Title>
            {ofDay.length === 0 ? (
              <Text size="xs" c="dimmed">
                {t('timetable.day.empty')}
              </Text>
            ) : (
              <ul className={classes.classes}>
                {ofDay.map((item) => (
                  <Fragment key={item.id}>{children(item)}</Fragment>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
