import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dialog } from '../../../components/ui/dialog';
import { useT } from '../../../lib/i18n';
import { leaveWaitlist } from '../api/waitlist';

/** Leave a class's waitlist; the places of everyone else keep their order. */
export function useLeaveWaitlist(onLeft?: () => void) {
  const t = useT();
  const queryClient = useQueryClient();
  const leave = useMutation({
    mutationFn: leaveWaitlist,
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      onLeft?.();
      dialog.success(t('booking.waitlist.left'));
    },
    onError: (error, scheduleId) => dialog.failure(error, () => leave.mutate(scheduleId)),
  });
  return leave;
}
