import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { dialog } from '../../../components/ui/dialog';
import { ROUTES } from '../../../config/routes';
import { isLearner, sessionStore } from '../../../lib/session';
import { bookClass, getUserToken } from '../api/book-class';
import { type PendingIntent, pendingIntentStore } from '../utils/pending-intent';

const NO_CREDIT = 'You do not have credit. Please purchase credit.';

/** SPEC.md section 4's Book Now flow; the server re-checks every rule, this only spares a round trip. */
export function useBookClass() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function book(intent: PendingIntent): Promise<void> {
    pendingIntentStore.save(intent);
    if (!isLearner(sessionStore.get())) {
      navigate(ROUTES.SignupForm);
      return;
    }
    setBusy(true);
    try {
      const balance = await getUserToken();
      // DESIGN.md section 6: enough for this class, not merely above zero.
      if (balance < (intent.credits ?? 1)) {
        dialog.error(NO_CREDIT);
        return;
      }
      const result = await bookClass({ schedule_id: intent.schedule_id });
      pendingIntentStore.clear();
      await queryClient.invalidateQueries();
      dialog.success(result.message);
      navigate(ROUTES.userScheduleList);
    } catch (error) {
      dialog.failure(error, () => void book(intent));
    } finally {
      setBusy(false);
    }
  }

  return { book, busy };
}
