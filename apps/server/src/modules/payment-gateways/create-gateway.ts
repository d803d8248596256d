import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createDemoGateway, type DemoGateway } from '../demo-gateway/demo-gateway';
import type { PaymentGateway } from './payment-gateway';
import { createStripeGateway } from './stripe-gateway';

/** Stripe when its keys are set, else the demo gateway (DESIGN.md section 3). */
export function createPaymentGateway(
  config: AppConfig,
  db: Database,
  clock: Clock,
): { gateway: PaymentGateway; demo: DemoGateway | undefined } {
  if (config.stripe) return { gateway: createStripeGateway(config.stripe), demo: undefined };
  const demo = createDemoGateway(db, { clock, periodMinutes: config.demoPeriodMinutes });
  return { gateway: demo, demo };
}
