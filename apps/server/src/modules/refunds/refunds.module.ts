import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { InvoiceService } from '../invoices/invoices-service';
import type { PaymentGateway } from '../payment-gateways/payment-gateway';
import type { ReferralService } from '../referrals/referrals-service';
import { refundsRoutes } from './refunds.routes';
import { createRefundService } from './refunds-service';

/** Refunds an admin makes, and those (with disputes) the provider reports. */
export function refundsModule(
  db: Database,
  {
    gateway,
    clock,
    invoices,
    referrals,
    gifts,
  }: {
    gateway: PaymentGateway;
    clock: Clock;
    invoices: InvoiceService;
    referrals: Pick<ReferralService, 'paymentReversed'>;
    gifts: Parameters<typeof createRefundService>[2]['gifts'];
  },
) {
  const refunds = createRefundService(db, gateway, { clock, invoices, referrals, gifts });
  const routes: ModuleRoutes = async (api) => {
    await api.register(refundsRoutes, { refunds });
  };
  return { service: refunds, routes };
}
