import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { dialog } from '../../../components/ui/dialog';
import { ROUTES } from '../../../config/routes';
import { isLearner, sessionStore } from '../../../lib/session';
import { bookClass, getUserToken } from '../api/book-class';
import { joinWaitlist } from '../api/waitlist';
import { type PendingIntent, pendingIntentStore } from '../utils/pending-intent';

const NO_CREDIT = 'You do not have credit. Please purchase credit.';

/**
 * SPEC.md section 4's Book Now flow, and Join waitlist for a full class (issue 14: the same detour and
 * the same credit check, since joining needs the class's credits); the server re-checks every rule.
 */
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
      const result = intent.waitlist
        ? await joinWaitlist({ schedule_id: intent.schedule_id })
        : await bookClass({ schedule_id: intent.schedule_id });
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
