import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dialog } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { cancelBooking } from '../api/cancel-booking';

/** What the confirmation needs of a booking, from the booking list or the timetable's booked classes. */
export type CancellableBooking = {
  id: number;
  title: string;
  starts_at: string;
  credits: number;
  /** The server's word when the page loaded; the clock may have passed `cancel_until` since. */
  free_cancellation: boolean;
  cancel_until: string;
  /** Made after `cancel_until`: it never had free cancellation. */
  booked_inside_window: boolean;
};

/** The free-cancellation window a booking was made under, in whole hours: its start less cancel_until. */
export const windowHours = (booking: { starts_at: string; cancel_until: string }) =>
  Math.round((Date.parse(booking.starts_at) - Date.parse(booking.cancel_until)) / 3_600_000);

/**
 * The one Cancel of a booking (the booking list, the timetable, the class page and the home
 * overlay): it asks first, and inside the free-cancellation window the question says the
 * credits will not come back, with how many, before the learner agrees. Only then is `late` sent, so the
 * server never forfeits credits the learner was not warned about.
 */
export function useCancelBooking() {
  const t = useT();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: cancelBooking,
    onSuccess: async ({ data }) => {
      await queryClient.invalidateQueries();
      // From the booking rather than the server's English message; a free cancel refunds every credit.
      const count = data.number_token;
      dialog.success(
        data.late_cancel
          ? t('booking.cancelDialog.doneLate', { count })
          : t('booking.cancelDialog.done', { count }),
      );
    },
    onError: async (error, request) => {
      // A window that closed while the page was open is refused: reload so the next Cancel warns.
      await queryClient.invalidateQueries();
      dialog.failure(error, () => cancel.mutate(request));
    },
  });

  const confirmCancel = (booking: CancellableBooking) => {
    const free = booking.free_cancellation && Date.now() < Date.parse(booking.cancel_until);
    const values = {
      title: booking.title,
      dateTime: formatDateTime(booking.starts_at),
      until: formatDateTime(booking.cancel_until),
      count: booking.credits,
      hours: windowHours(booking),
    };
    let message = t('booking.cancelDialog.free', values);
    if (!free) {
      // A booking made inside the window never had free cancellation: no "ended" date before it was made.
      message = booking.booked_inside_window
        ? t('booking.cancelDialog.lateBookedInside', values)
        : t('booking.cancelDialog.late', values);
    }
    dialog.confirm({
      title: t('booking.cancelDialog.title'),
      message,
      confirmLabel: free ? t('booking.cancelDialog.confirm') : t('booking.cancelDialog.confirmLate', values),
      cancelLabel: t('booking.cancelDialog.keep'),
      onConfirm: () => cancel.mutate({ id: booking.id, late: !free }),
    });
  };

  return { confirmCancel, pending: cancel.isPending };
}
