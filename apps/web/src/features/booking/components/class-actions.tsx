import { Badge, Button, Group } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import type { CalendarClass } from '@tokenly/contract/bookings';
import { localIsoDay } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { isLearner, useSession } from '../../../lib/session';
import { JoinButton } from '../../classroom/components/join-button';
import { bookedSchedulesQuery } from '../api/book-class';
import { userWaitlistQuery } from '../api/waitlist';
import { useBookClass } from '../hooks/use-book-class';
import { useCancelBooking } from '../hooks/use-cancel-booking';
import { useLeaveWaitlist } from '../hooks/use-leave-waitlist';
import type { PendingIntent } from '../utils/pending-intent';
import { SeriesBookingConfirmation } from './series-booking';

/**
 * What Book Now and Join waitlist keep through a visitor's sign-up (SPEC.md "Booking intent"); `title`
 * as the page shows it, so the banner after sign-up names the class the same way.
 */
export function intentOf(item: CalendarClass, title: string): PendingIntent {
  return {
    schedule_id: item.id,
    course_id: item.course_id,
    credits: item.number_token,
    date: localIsoDay(new Date(item.starts_at)),
    time: item.starts_at,
    title,
    starts_at: item.starts_at,
  };
}

/** A learner books every remaining class of the series in one step, after a preview. */
function BookSeriesButton({ item, size }: { item: CalendarClass; size: 'xs' | 'sm' }) {
  const t = useT();
  const open = () => {
    const id = modals.open({
      title: t('booking.series.title'),
      centered: true,
      radius: 'md',
      children: <SeriesBookingConfirmation scheduleId={item.id} onClose={() => modals.close(id)} />,
    });
  };
  return (
    <Button
      size={size}
      variant="default"
      onClick={open}
      aria-label={t('booking.series.titleOf', { title: item.title ?? t('booking.class.noClass') })}
    >
      {t('booking.series.title')}
    </Button>
  );
}

/**
 * What this viewer can do with one class, the same in the calendar's day overlay, the timetable and the
 * class page: Booked with Cancel for a class the learner holds (never Book Now), Book Now, the
 * learner's place in line with Leave waitlist, Join waitlist for a full class (a visitor's takes Book
 * Now's sign-up detour), or why it cannot be booked. The queries are shared, so a list of these asks once.
 */
export function ClassActions(props: { item: CalendarClass; size?: 'xs' | 'sm'; onLeft?: () => void }) {
  const learner = isLearner(useSession());
  const { item, size = 'sm' } = props;
  if (!learner || item.series_id === null || new Date(item.starts_at) <= new Date())
    return <OneClassActions {...props} />;
  return (
    <Group gap="sm">
      <OneClassActions {...props} />
      <BookSeriesButton item={item} size={size} />
    </Group>
  );
}

function OneClassActions({
  item,
  size = 'sm',
  onLeft,
}: {
  item: CalendarClass;
  size?: 'xs' | 'sm';
  /** After leaving the waitlist, e.g. to reload the overlay's day. */
  onLeft?: () => void;
}) {
  const t = useT();
  const session = useSession();
  const learner = isLearner(session);
  const { book, busy } = useBookClass();
  const cancel = useCancelBooking();
  const booked = useQuery({ ...bookedSchedulesQuery(), enabled: learner });
  const places = useQuery({ ...userWaitlistQuery(), enabled: learner });
  const leave = useLeaveWaitlist(onLeft);
  const title = item.title ?? t('booking.class.noClass');
  const place = places.data?.find((entry) => entry.schedule_id === item.id);

  const held = booked.data?.get(item.id);
  if (held) {
    return (
      <Group gap="sm">
        <Button size={size} disabled>
          {t('booking.actions.booked')}
        </Button>
        {held.join_open && (
          <JoinButton
            classId={item.id}
            size={size}
            label={t('learner.bookings.joinClass')}
            aria-label={t('learner.bookings.joinNamed', { title })}
          />
        )}
        {held.cancellable && (
          <Button
            size={size}
            variant="outline"
            color="red.9"
            loading={cancel.pending}
            aria-label={t('booking.actions.cancelOf', { title })}
            onClick={() =>
              cancel.confirmCancel({
                id: held.booking_id,
                title,
                starts_at: item.starts_at,
                credits: held.credits,
                free_cancellation: held.free_cancellation,
                cancel_until: held.cancel_until,
                booked_inside_window: held.booked_inside_window,
              })
            }
          >
            {t('booking.cancel')}
          </Button>
        )}
      </Group>
    );
  }
  if (place) {
    return (
      <Group gap="sm">
        <Badge variant="light" color="blue" c="dark.8">
          {t('booking.waitlist.position', { position: place.position })}
        </Badge>
        <Button
          size={size}
          variant="default"
          loading={leave.isPending}
          aria-label={t('booking.waitlist.leaveOf', { title })}
          onClick={() => leave.mutate(item.id)}
        >
          {t('booking.waitlist.leave')}
        </Button>
      </Group>
    );
  }
  if (item.waitlist_open) {
    return (
      <Button
        size={size}
        loading={busy}
        aria-label={t('booking.waitlist.joinOf', { title })}
        onClick={() => book({ ...intentOf(item, title), waitlist: true })}
      >
        {t('booking.waitlist.join')}
      </Button>
    );
  }
  return (
    <Button size={size} disabled={!item.bookable} loading={busy} onClick={() => book(intentOf(item, title))}>
      {item.bookable
        ? t('booking.actions.bookNow')
        : item.seats_left > 0
          ? t('booking.actions.started')
          : t('booking.actions.full')}
    </Button>
  );
}
