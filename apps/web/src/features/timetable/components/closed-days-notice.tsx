import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { dayOf, formatDay } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { closedDaysQuery } from '../api/get-closed-days';

/**
 * The school's closed days among the days shown (Christmas, say), each named, so an empty day reads as a
 * holiday rather than as a gap in the timetable. Nothing while they load or when there are none.
 */
export function ClosedDaysNotice({ from, to }: { from: string; to: string }) {
  const t = useT();
  const closed = useQuery(closedDaysQuery(from, to));
  if (!closed.data || closed.data.length === 0) return null;
  return (
    <Stack gap={2}>
      {closed.data.map((found) => (
        <Text key={found.day} fw={600}>
          {t('timetable.closedDay', { date: formatDay(dayOf(found.day)), name: found.name })}
        </Text>
      ))}
    </Stack>
  );
}
