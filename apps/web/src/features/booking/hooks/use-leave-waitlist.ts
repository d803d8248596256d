import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dialog } from '../../../components/ui/dialog';
import { leaveWaitlist } from '../api/waitlist';

/** Leave a class's waitlist; the places of everyone else keep their order. */
export function useLeaveWaitlist(onLeft?: () => void) {
  const queryClient = useQueryClient();
  const leave = useMutation({
    mutationFn: leaveWaitlist,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries();
      onLeft?.();
      dialog.success(result.message);
    },
    onError: (error, scheduleId) => dialog.failure(error, () => leave.mutate(scheduleId)),
  });
  return leave;
}
