import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { dialog } from '../../../components/ui/dialog';
import { ROUTES } from '../../../config/routes';
import { ApiError, isServiceUnavailable } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { isLearner, sessionStore } from '../../../lib/session';
import { joinWaitlist } from '../api/waitlist';
import { BookingConfirmation } from '../components/booking-confirmation';
import { type PendingIntent, pendingIntentStore } from '../utils/pending-intent';

/**
 * SPEC.md section 4's Book Now flow, with a confirmation step in place of the balance check:
 * a learner sees the cost, the balance after and the cancellation terms before anything is taken, and a
 * refusal shows the server's own reason (already booked, full, started). Too few credits disable Confirm
 * and offer Buy credits, a detour that keeps the intent as sign-up's does; finishing it (the pending
 * booking banner) brings the learner back to the page they were booking on. After a booking the learner
 * stays where they booked, to book the next class, with a link to their bookings. Join waitlist takes
 * the same sign-up detour; it takes no credits, so it needs no confirmation, and the server
 * checks that the balance covers the class.
 */
export function useBookClass() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  /** After any refusal but a brief outage (503), the kept intent is not offered again. */
  function settleFailure(error: unknown, retry: () => void) {
    if (!isServiceUnavailable(error)) pendingIntentStore.clear();
    void queryClient.invalidateQueries();
    dialog.failure(error, retry);
  }

  async function succeed(message: string) {
    pendingIntentStore.clear();
    await queryClient.invalidateQueries();
    dialog.successWith(message, {
      label: t('booking.book.seeBookings'),
      onClick: () => navigate(ROUTES.userScheduleList),
    });
  }

  async function join(intent: PendingIntent, confirmLevel = false): Promise<void> {
    setBusy(true);
    try {
      const { data } = await joinWaitlist({ schedule_id: intent.schedule_id, confirm_level: confirmLevel });
      await succeed(t('booking.waitlist.joined', { position: data.position }));
    } catch (error) {
      // A class outside the learner's level: the server's sentence names both levels; joining anyway is
      // the learner's choice.
      if (error instanceof ApiError && error.code === 'levelUnconfirmed') {
        dialog.confirm({
          title: t('booking.level.outside'),
          message: error.message,
          confirmLabel: t('booking.level.joinAnyway'),
          onConfirm: () => void join(intent, true),
        });
      } else settleFailure(error, () => book(intent));
    } finally {
      setBusy(false);
    }
  }

  function book(pending: PendingIntent): void {
    const here = `${location.pathname}${location.search}`;
    const intent = { ...pending, from: pending.from ?? here };
    pendingIntentStore.save(intent);
    if (!isLearner(sessionStore.get())) {
      navigate(ROUTES.SignupForm);
      return;
    }
    // Finishing a booking started elsewhere (after sign-up or buying credits): back to where it began.
    if (intent.from !== here) navigate(intent.from);
    if (intent.waitlist) {
      void join(intent);
      return;
    }
    // The modal is rendered by the modals host, outside the router: navigation stays in these callbacks.
    const id = modals.open({
      title: t('booking.confirm.title'),
      centered: true,
      radius: 'md',
      children: (
        <BookingConfirmation
          scheduleId={intent.schedule_id}
          onClose={() => modals.close(id)}
          onBuyCredits={() => {
            modals.close(id);
            navigate(ROUTES.payment);
          }}
          onGetClubPass={(to) => {
            modals.close(id);
            navigate(to);
          }}
          onBooked={async () => {
            modals.close(id);
            await succeed(t('booking.book.success'));
          }}
          onFailed={(error) => {
            modals.close(id);
            settleFailure(error, () => book(intent));
          }}
        />
      ),
    });
  }

  return { book, busy };
}
