import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { FailureLimiter } from '../../plugins/rate-limit';
import type { PaymentGateway } from '../payment-gateways/payment-gateway';
import { promoCodesRoutes } from './promo-codes.routes';
import { createPromoCodesService } from './promo-codes-service';

/** Promo codes: the administrator's list, the checkout's "Have a code?", and the uses it holds and redeems. */
export function promoCodesModule(
  db: Database,
  {
    codeGuesses,
    ...options
  }: {
    clock: Clock;
    gateway: PaymentGateway;
    /** Wrong codes, counted with gift codes' (and the checkout's). */
    codeGuesses: FailureLimiter;
  },
) {
  const promoCodes = createPromoCodesService(db, options);
  const routes: ModuleRoutes = async (api) => {
    await api.register(promoCodesRoutes, { promoCodes, codeGuesses });
  };
  return { routes, service: promoCodes };
}
