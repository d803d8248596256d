import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { FailureLimiter } from '../../plugins/rate-limit';
import type { InvoiceService } from '../invoices/invoices-service';
import type { Mailer } from '../mail/mailer';
import type { PaymentGateway } from '../payment-gateways/payment-gateway';
import type { ReferralService } from '../referrals/referrals-service';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { checkoutRoutes } from './checkout.routes';
import { type CheckoutOptions, createCheckoutService, type EventEffectOf } from './checkout-service';
import { membershipRoutes } from './membership.routes';
import { createMembershipChanges } from './membership-changes';
import { createPaymentMails } from './payment-mails';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

/** Paying for plans: payments and subscriptions applied once, their credits granted, Stripe's webhook. */
export function checkoutModule(
  db: Database,
  {
    gateway,
    clock,
    mailer,
    settings,
    appUrl,
    otherEvents,
    invoices,
    referrals,
    promoCodes,
    gifts,
    codeGuesses,
  }: {
    gateway: PaymentGateway;
    clock: Clock;
    mailer: Mailer;
    settings: SchoolSettingsSource;
    appUrl: string;
    /** What the webhook's other events do (refunds and disputes). */
    otherEvents: EventEffectOf;
    invoices: InvoiceService;
    referrals: Pick<ReferralService, 'paymentMade'>;
    promoCodes: CheckoutOptions['promoCodes'];
    gifts: CheckoutOptions['gifts'];
    /** Wrong promo codes sent with a payment, counted with "Have a code?" and gift codes. */
    codeGuesses: FailureLimiter;
  },
) {
  const checkout = createCheckoutService(db, gateway, {
    clock,
    settings,
    mails: createPaymentMails(mailer, { appUrl, settings }),
    otherEvents,
    invoices,
    referrals,
    promoCodes,
    gifts,
  });
  const memberships = createMembershipChanges(db, gateway, { clock, settings, checkout });
  const routes: ModuleRoutes = async (api) => {
    await api.register(checkoutRoutes, { checkout, codeGuesses });
    await api.register(membershipRoutes, { checkout, memberships });
    await api.register(stripeWebhookRoutes, { checkout, gateway });
  };
  return { service: checkout, routes };
}
