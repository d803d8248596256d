import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { dialog } from '../../../components/ui/dialog';
import { ROUTES } from '../../../config/routes';
import { isServiceUnavailable } from '../../../lib/api-client';
import { isLearner, sessionStore } from '../../../lib/session';
import { BookingConfirmation } from '../components/booking-confirmation';
import { type PendingIntent, pendingIntentStore } from '../utils/pending-intent';

/**
 * SPEC.md section 4's Book Now flow, with issue 18's confirmation step in place of the balance check:
 * a learner sees the cost, the balance after and the cancellation terms before anything is taken, and a
 * refusal shows the server's own reason (already booked, full, started, not enough credits).
 */
export function useBookClass() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  function book(intent: PendingIntent): void {
    pendingIntentStore.save(intent);
    if (!isLearner(sessionStore.get())) {
      navigate(ROUTES.SignupForm);
      return;
    }
    // The modal is rendered by the modals host, outside the router: navigation stays in these callbacks.
    const id = modals.open({
      title: 'Confirm your booking',
      centered: true,
      radius: 'md',
      children: (
        <BookingConfirmation
          scheduleId={intent.schedule_id}
          onClose={() => modals.close(id)}
          onBuyTokens={() => {
            modals.close(id);
            navigate(ROUTES.payment);
          }}
          onBooked={async (message) => {
            pendingIntentStore.clear();
            modals.close(id);
            await queryClient.invalidateQueries();
            dialog.success(message);
            navigate(ROUTES.userScheduleList);
          }}
          onFailed={(error) => {
            modals.close(id);
            // A refusal (full, started, already booked, short) stands: the intent is not offered again.
            // A brief outage (503) is not a refusal: the intent stays and Try again reopens this step.
            if (!isServiceUnavailable(error)) pendingIntentStore.clear();
            void queryClient.invalidateQueries();
            dialog.failure(error, () => book(intent));
          }}
        />
      ),
    });
  }

  return { book };
}
