import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creditCount } from '@tokenly/contract/constants';
import { dialog } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/format';
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
};

/**
 * The one Cancel of a booking (issue 18: the booking list, the timetable, the class page and the home
 * overlay): it asks first, and inside the free-cancellation window (issue 13) the question says the
 * credits will not come back, with how many, before the learner agrees. Only then is `late` sent, so the
 * server never forfeits credits the learner was not warned about.
 */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: cancelBooking,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries();
      dialog.success(result.message);
    },
    onError: async (error, request) => {
      // A window that closed while the page was open is refused: reload so the next Cancel warns.
      await queryClient.invalidateQueries();
      dialog.failure(error, () => cancel.mutate(request));
    },
  });

  const confirmCancel = (booking: CancellableBooking) => {
    const free = booking.free_cancellation && Date.now() < Date.parse(booking.cancel_until);
    const what = `${booking.title} on ${formatDateTime(booking.starts_at)}.`;
    dialog.confirm({
      title: 'Cancel this booking?',
      message: free
        ? `${what} Your ${creditCount(booking.credits)} ${booking.credits === 1 ? 'goes' : 'go'} back to your balance.`
        : `${what} Free cancellation ended ${formatDateTime(booking.cancel_until)}: you will not get your ${creditCount(booking.credits)} back. Your seat goes to someone else.`,
      confirmLabel: free ? 'Cancel booking' : `Cancel and lose ${creditCount(booking.credits)}`,
      onConfirm: () => cancel.mutate({ id: booking.id, late: !free }),
    });
  };

  return { confirmCancel, pending: cancel.isPending };
}
