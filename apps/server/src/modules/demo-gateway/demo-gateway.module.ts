import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { Clock } from '../../lib/clock';
import type { CheckoutService } from '../checkout/checkout-service';
import type { DemoGateway } from './demo-gateway';
import { demoGatewayRoutes } from './demo-gateway.routes';
import { demoGatewayJobs } from './demo-jobs';

/**
 * Without Stripe's keys: the demo gateway's browser calls, and its jobs doing what Stripe does on its side.
 * With them (`demo` undefined) it adds nothing.
 */
export function demoGatewayModule(
  db: Database,
  {
    demo,
    checkout,
    clock,
    jobs,
  }: { demo: DemoGateway | undefined; checkout: CheckoutService; clock: Clock; jobs: JobQueue },
) {
  if (demo) for (const job of demoGatewayJobs(db, demo, checkout, clock)) jobs.define(job);
  const routes: ModuleRoutes = async (api) => {
    if (demo) await api.register(demoGatewayRoutes, { demo });
  };
  return { routes };
}
