import { Badge, Group } from '@mantine/core';
import type { CalendarClass } from '@tokenly/contract/bookings';
import { useT } from '../../../lib/i18n';

/**
 * A class's cost and seats left, the same in the day overlay, the timetable and the class page. Dark text
 * on the tint: Mantine's green and red text fail contrast (axe color-contrast).
 */
export function ClassBadges({ item }: { item: Pick<CalendarClass, 'number_token' | 'seats_left'> }) {
  const t = useT();
  return (
    <Group gap="xs">
      <Badge variant="light" c="dark.8">
        {t('booking.credits', { count: item.number_token })}
      </Badge>
      <Badge variant="light" color={item.seats_left > 0 ? 'green' : 'red'} c="dark.8">
        {item.seats_left > 0 ? t('booking.seatsLeft', { count: item.seats_left }) : t('booking.actions.full')}
      </Badge>
    </Group>
  );
}
