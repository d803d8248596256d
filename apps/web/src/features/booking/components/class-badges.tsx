import { Badge, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CalendarClass } from '@tokenly/contract/bookings';
import { useT } from '../../../lib/i18n';
import { isLearner, useSession } from '../../../lib/session';
import { rangeText } from '../../levels/level-labels';
import { passCoversStart, userClubPassQuery } from '../api/get-user-club-pass';

/** A club class is booked with the Club pass: whether the viewer's pass covers it (a visitor has none). */
function ClubBadge({ startsAt }: { startsAt: string }) {
  const t = useT();
  const learner = isLearner(useSession());
  const mine = useQuery({ ...userClubPassQuery(), enabled: learner });
  const covered = passCoversStart(mine.data?.pass, startsAt);
  return (
    <Badge variant="light" color={covered ? 'green' : 'orange'} c="dark.8" tt="none">
      {covered ? t('booking.club.included') : t('booking.club.needsPass')}
    </Badge>
  );
}

/**
 * A class's cost and seats left, the same in the day overlay, the timetable and the class page. Dark text
 * on the tint: Mantine's green and red text fail contrast (axe color-contrast).
 */
export function ClassBadges({
  item,
}: {
  item: Pick<CalendarClass, 'number_token' | 'seats_left' | 'club' | 'starts_at' | 'level_min' | 'level_max'>;
}) {
  const t = useT();
  return (
    <Group gap="xs">
      <Badge variant="light" color="gray" c="dark.8" tt="none">
        {t('booking.levelBadge', { levels: rangeText(t, item) })}
      </Badge>
      {item.club ? (
        <ClubBadge startsAt={item.starts_at} />
      ) : (
        <Badge variant="light" c="dark.8">
          {t('booking.credits', { count: item.number_token })}
        </Badge>
      )}
      <Badge variant="light" color={item.seats_left > 0 ? 'green' : 'red'} c="dark.8">
        {item.seats_left > 0 ? t('booking.seatsLeft', { count: item.seats_left }) : t('booking.actions.full')}
      </Badge>
    </Group>
  );
}
