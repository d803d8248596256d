import { afterAll, beforeAll } from 'vitest';
import type { DatabaseKind } from '../db/client';
import {
  type StripeStandIn,
  sendStripeWebhook,
  standInStripeSettings,
  startStripeStandIn,
} from './stripe-stand-in';
import { createTestApp, type TestApp } from './test-app';

const WEBHOOK_SECRET = 'whsec_test_stand_in';

export type StripeTestApp = TestApp & {
  stripe: StripeStandIn;
  /** Delivers a signed event about one object, as Stripe would. */
  webhook: (event: Parameters<typeof sendStripeWebhook>[1]) => ReturnType<typeof sendStripeWebhook>;
};

/** A test app for the file whose Stripe gateway talks to a Stripe stand-in started with it. */
export function stripeTestApp(kind: DatabaseKind): StripeTestApp {
  const context = {} as StripeTestApp;
  beforeAll(async () => {
    const stripe = await startStripeStandIn();
    const t = await createTestApp(kind, { stripe: standInStripeSettings(stripe, WEBHOOK_SECRET) });
    Object.assign(context, t, {
      stripe,
      webhook: (event: Parameters<typeof sendStripeWebhook>[1]) =>
        sendStripeWebhook(t.app, event, WEBHOOK_SECRET),
    });
  });
  afterAll(async () => {
    await context.close();
    await context.stripe.close();
  });
  return context;
}
