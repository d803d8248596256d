import { DEMO_CARDS } from '@tokenly/contract/checkout';
import { eq } from 'drizzle-orm';
import type { App } from '../../app-type';
import type { Database } from '../../db/client';
import { creditLedger } from '../../db/schema/credit-ledger';
import { payments } from '../../db/schema/payments';
import type { TokenPlanRow } from '../../db/schema/token-plans';
import { createTokenPlan } from '../../db/seed/factories';
import { type Clock, nowOf, systemClock } from '../../lib/clock';
import { bearer, type TestApp } from '../../test/test-app';
import { checkLotsMatchLedger, getBalance } from '../credits/credit-service';
import { createGiftService } from '../gifts/gifts-service';
import { createInvoiceService } from '../invoices/invoices-service';
import { createMailer } from '../mail/mailer';
import type { PaymentGateway } from '../payment-gateways/payment-gateway';
import { createPromoCodesService } from '../promo-codes/promo-codes-service';
import { createReferralService } from '../referrals/referrals-service';
import { createSchoolSettingsService, firstSchoolSettings } from '../school-settings/school-settings-service';
import { createCheckoutService } from './checkout-service';
import { createPaymentMails } from './payment-mails';

// Shared steps of the checkout tests: the calls a browser makes, and what a test checks afterwards.

/** A package of 8 tokens for 50 USD, like SPEC.md's package 2; unique titles keep tests apart. */
export const newPackage = (db: Database) =>
  createTokenPlan(db, { tokenTitle: `Package ${Math.random()}`, tokenCredit: 8, amount: 5000 });

/** A monthly membership of 8 tokens for 47 USD. */
export const newMembership = (db: Database) =>
  createTokenPlan(db, {
    tokenTitle: `Monthly ${Math.random()}`,
    tokenCredit: 8,
    amount: 4700,
    kind: 'membership',
    intervalMonths: 1,
  });

/**
 * A checkout service of its own on the test app's database, as a second server process has: its mail
 * is kept in the outbox (no SMTP), like the app's without SMTP_URL.
 */
export function checkoutServiceOf(t: TestApp, gateway: PaymentGateway, clock: Clock = systemClock) {
  const mailer = createMailer(t.db, { config: t.config, jobs: t.app.jobs, clock });
  const settings = createSchoolSettingsService(t.db, {
    first: firstSchoolSettings(t.config),
    clock,
  });
  return createCheckoutService(t.db, gateway, {
    clock,
    settings,
    mails: createPaymentMails(mailer, { appUrl: t.config.appUrl, settings }),
    invoices: createInvoiceService(t.db, { clock, settings }),
    referrals: createReferralService(t.db, { clock, settings }),
    promoCodes: createPromoCodesService(t.db, { clock, gateway }),
    gifts: createGiftService(t.db, { clock, settings, mailer, appUrl: t.config.appUrl }),
  });
}

export const FUTURE_CARD = { exp_month: 12, exp_year: nowOf(systemClock).getUTCFullYear() + 3, cvc: '123' };

export function call(app: App, token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({ method, url: `/api/${url}`, headers: bearer(token), ...(payload && { payload }) });
}

/** The learner's side of a one-time checkout up to a confirmed card payment; returns the intent. */
export async function payByDemoCard(
  app: App,
  token: string,
  plan: TokenPlanRow,
  card: string = DEMO_CARDS.succeeds,
) {
  const intent = await call(app, token, 'POST', 'payment/intent', {
    amount: plan.amount,
    product: plan.tokenTitle,
    user_credit_token_id: plan.id,
  });
  if (intent.statusCode !== 200) throw new Error(`payment/intent: ${intent.statusCode} ${intent.body}`);
  const { clientSecret, data } = intent.json<{ clientSecret: string; data: { payment_id: string } }>();
  const method = await call(app, token, 'POST', 'demo-gateway/payment-method', {
    number: card,
    ...FUTURE_CARD,
  });
  if (method.statusCode !== 200) throw new Error(`payment-method: ${method.statusCode} ${method.body}`);
  const confirmed = await call(app, token, 'POST', 'demo-gateway/confirm-card-payment', {
    client_secret: clientSecret,
    payment_method: method.json<{ data: { id: string } }>().data.id,
  });
  return {
    paymentId: data.payment_id,
    clientSecret,
    state: confirmed.json<{ data: { status: string; error_message: string | null } }>().data,
  };
}

export function recordOneTime(
  app: App,
  token: string,
  plan: TokenPlanRow,
  paymentId: string,
  overrides: object = {},
) {
  return call(app, token, 'POST', 'one-time-payment', {
    user_credit_token_id: plan.id,
    amount: plan.amount / 100,
    payment_id: paymentId,
    number_token: plan.tokenCredit,
    ...overrides,
  });
}

export async function demoPaymentMethod(app: App, token: string, card: string) {
  const response = await call(app, token, 'POST', 'demo-gateway/payment-method', {
    number: card,
    ...FUTURE_CARD,
  });
  return response.json<{ data: { id: string } }>().data.id;
}

export function subscribe(app: App, token: string, plan: TokenPlanRow, paymentMethod: string) {
  return call(app, token, 'POST', 'subscription', {
    payment_method: paymentMethod,
    user_credit_token_id: plan.id,
    amount: plan.amount / 100,
    number_token: plan.tokenCredit,
  });
}

/** Balance, payment rows and purchase ledger rows of a learner, with the lots-equal-ledger check. */
export async function creditsOf(db: Database, userId: number) {
  const [balance, paymentRows, ledger, mismatches] = await Promise.all([
    getBalance(db, userId, nowOf(systemClock)),
    db.select().from(payments).where(eq(payments.userId, userId)),
    db.select().from(creditLedger).where(eq(creditLedger.userId, userId)),
    checkLotsMatchLedger(db, userId),
  ]);
  return {
    balance,
    payments: paymentRows.length,
    grants: ledger.filter((row) => row.delta > 0).length,
    mismatches,
  };
}
