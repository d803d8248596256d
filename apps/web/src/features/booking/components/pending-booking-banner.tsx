import { lazy, Suspense } from 'react';
import { isLearner, useSession } from '../../../lib/session';
import { usePendingIntent } from '../utils/pending-intent';

// Most visitors have nothing pending: the pages showing this banner do not load the booking code for them.
const PendingBookingOffer = lazy(() =>
  import('./pending-booking-offer').then((module) => ({ default: module.PendingBookingOffer })),
);

/** Offers a booking started before sign-up, login or a purchase again, rather than losing it. */
export function PendingBookingBanner() {
  const intent = usePendingIntent();
  const session = useSession();
  if (!intent || !isLearner(session)) return null;
  return (
    <Suspense fallback={null}>
      <PendingBookingOffer intent={intent} />
    </Suspense>
  );
}
