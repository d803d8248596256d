import { redeemGiftResponseSchema, userGiftsResponseSchema } from '@tokenly/contract/gifts';
import { refundPreviewResponseSchema } from '@tokenly/contract/payments';
import { and, eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLots } from '../../db/schema/credit-lots';
import { gifts } from '../../db/schema/gifts';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { payments } from '../../db/schema/payments';
import type { TokenPlanRow } from '../../db/schema/token-plans';
import { createUser, uniqueEmail } from '../../db/seed/factories';
import { toLocalDateTime } from '../../lib/time-zone';
import { expectConsistent } from '../../test/consistency';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/test-app';
import { PARITY_DATABASE_KINDS } from '../../test/test-database';
import { call, FUTURE_CARD, newPackage } from '../checkout/checkout-test-kit';
import { getBalance } from '../credits/credit-service';
import { createMailer } from '../mail/mailer';
import { createSchoolSettingsService, firstSchoolSettings } from '../school-settings/school-settings-service';
import { giftDeliveryJob } from './gifts-jobs';
import { createGiftService } from './gifts-service';

// Gift cards on both databases: a package bought as a gift through the demo checkout grants its buyer
// nothing; the job mails the recipient a code on the delivery day (test clock), in their language or
// else the buyer's; the code redeems once, also when two learners race for it, into a lot whose expiry
// counts from redemption; a refund voids an unredeemed gift, and a redeemed one is not refunded as a gift.

const DAY = 24 * 60 * 60 * 1000;
const CODE = /GIFT-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/;

describe.each(PARITY_DATABASE_KINDS)('gift cards on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;
  let plan: TokenPlanRow;
  let runJob: () => Promise<void>;
  let adminLogin: { email: string; password: string };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
    plan = await newPackage(t.db);
    // The job as a second process runs it: its own service, on the same database and clock.
    const settings = createSchoolSettingsService(t.db, { first: firstSchoolSettings(t.config), clock });
    const mailer = createMailer(t.db, { config: t.config, jobs: t.app.jobs, clock });
    const service = createGiftService(t.db, { clock, settings, mailer, appUrl: t.config.appUrl });
    runJob = () => giftDeliveryJob(service).run({}, { id: 'test', retry: 0 });
    const { user, password } = await createUser(t.db, { role: 'admin' });
    adminLogin = { email: user.email, password };
  });
  afterAll(() => t.close());

  const now = () => new Date(clock.now());
  /** Signed in afresh: the clock moves by days, past an administrator's session. */
  const admin = async () => bearer(await signIn(t.app, adminLogin, '/api/admin-login'));
  /** A day as the school's calendar names it, `days` from now. */
  const day = (days: number) => {
    const local = toLocalDateTime(new Date(clock.now() + days * DAY), t.config.timezone);
    return `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`;
  };

  async function learner(values: { locale?: string; email?: string } = {}) {
    const { user, password } = await createUser(t.db, values);
    return { user, token: await signIn(t.app, { email: user.email, password, remember: true }) };
  }

  /** The buyer's checkout with the demo gateway, as the browser makes it; returns our payment row. */
  async function buyGift(
    token: string,
    gift: { recipient_email: string; deliver_on: string; message?: string },
  ) {
    const intent = await call(t.app, token, 'POST', 'payment/intent', {
      amount: plan.amount,
      user_credit_token_id: plan.id,
      gift,
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const { clientSecret, data } = intent.json<{ clientSecret: string; data: { payment_id: string } }>();
    const method = await call(t.app, token, 'POST', 'demo-gateway/payment-method', {
      number: '4242424242424242',
      ...FUTURE_CARD,
    });
    const confirmed = await call(t.app, token, 'POST', 'demo-gateway/confirm-card-payment', {
      client_secret: clientSecret,
      payment_method: method.json<{ data: { id: string } }>().data.id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const recorded = await call(t.app, token, 'POST', 'one-time-payment', {
      user_credit_token_id: plan.id,
      amount: plan.amount / 100,
      payment_id: data.payment_id,
      number_token: plan.tokenCredit,
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerRef, data.payment_id));
    if (!payment) throw new Error('payment not recorded');
    const [row] = await t.db.select().from(gifts).where(eq(gifts.paymentId, payment.id));
    if (!row) throw new Error('gift not paid');
    return { payment, gift: row };
  }

  const giftMails = (giftId: number) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.event, `gift:${giftId}`), eq(mailOutbox.kind, 'gift')));
  async function codeOf(giftId: number): Promise<string> {
    const [mail] = await giftMails(giftId);
    const code = CODE.exec(mail?.text ?? '')?.[0];
    if (!code) throw new Error(`no code in the mail of gift ${giftId}`);
    return code;
  }
  const redeem = (token: string, code: string) => call(t.app, token, 'POST', 'gift-redeem', { code });
  const stateOf = async (giftId: number) =>
    (await t.db.select().from(gifts).where(eq(gifts.id, giftId)))[0]?.state;

  it('is mailed on its day by the job, in the recipient’s language, and redeems once with expiry from then', async () => {
    const buyer = await learner({ locale: 'pt-BR' });
    const recipient = await learner({ locale: 'es' });
    const { payment, gift } = await buyGift(buyer.token, {
      recipient_email: recipient.user.email.toUpperCase(),
      deliver_on: day(3),
      message: 'Happy birthday!\nSee you in class.',
    });
    // The buyer paid and holds no more credits; the gift waits for its day.
    expect(payment).toMatchObject({ amount: plan.amount, status: 'succeeded' });
    expect(payment.cardFingerprint).toEqual(expect.any(String));
    expect(await getBalance(t.db, buyer.user.id, now())).toBe(0);
    expect(gift.state).toBe('scheduled');
    await runJob();
    expect(await giftMails(gift.id)).toEqual([]);
    const listed = userGiftsResponseSchema.parse(
      (await call(t.app, buyer.token, 'GET', 'user-gifts')).json(),
    );
    expect(listed.data).toEqual([
      expect.objectContaining({ id: gift.id, state: 'scheduled', token_credit: plan.tokenCredit }),
    ]);

    await clock.setTime(clock.now() + 4 * DAY);
    await runJob();
    await runJob();
    const mails = await giftMails(gift.id);
    expect(mails).toHaveLength(1);
    // The recipient has an account in Spanish: the mail is theirs, with the buyer's message.
    expect(mails[0]?.subject).toContain('te ha enviado un regalo');
    expect(mails[0]?.text).toContain('Happy birthday!');
    expect(await stateOf(gift.id)).toBe('sent');
    const code = await codeOf(gift.id);
    // Only the code's hash is kept, and the Outbox that every administrator reads hides the code.
    expect(JSON.stringify(await t.db.select().from(gifts).where(eq(gifts.id, gift.id)))).not.toContain(code);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/admin-mail-outbox/${mails[0]?.id}`,
      headers: await admin(),
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.body).toContain('GIFT-…');
    expect(shown.body).not.toContain(code);

    // Redeemed a week after it was bought: the package's days count from now.
    await clock.setTime(clock.now() + 3 * DAY);
    const redeemed = await redeem(recipient.token, code.toLowerCase().replaceAll('-', ' '));
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const result = redeemGiftResponseSchema.parse(redeemed.json()).data;
    expect(result).toMatchObject({ credits: plan.tokenCredit, balance: plan.tokenCredit });
    expect(new Date(result.expires_at).getTime()).toBe(clock.now() + plan.tokenExpiry * DAY);
    const [lot] = await t.db.select().from(creditLots).where(eq(creditLots.userId, recipient.user.id));
    expect(lot).toMatchObject({ source: 'gift', paymentId: payment.id, creditsTotal: plan.tokenCredit });

    const again = await redeem(buyer.token, code);
    expect(again.statusCode, again.body).toBe(409);
    expect((await redeem(buyer.token, 'GIFT-AAAA-BBBB-CCCC')).statusCode).toBe(404);
    // Redeemed, it is the recipient's: not refunded as a gift.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin-payment/${payment.id}/refund`,
      headers: await admin(),
      payload: { amount: plan.amount / 100, reason: 'Asked for it' },
    });
    expect(refund.statusCode, refund.body).toBe(409);
    await expectConsistent(t.db, [buyer.user.id, recipient.user.id]);
  });

  it('is mailed at once in the buyer’s language when dated today, and one of two racing redemptions wins', async () => {
    const buyer = await learner({ locale: 'pt-BR' });
    const email = uniqueEmail('stranger');
    const { gift } = await buyGift(buyer.token, { recipient_email: email, deliver_on: day(0) });
    const [mail] = await giftMails(gift.id);
    expect(mail?.recipient).toBe(email);
    expect(mail?.subject).toContain('enviou um presente para você');
    const code = await codeOf(gift.id);

    // The stranger signs up afterwards; so does a second learner who was forwarded the mail.
    const first = await learner({ email });
    const second = await learner();
    const answers = await Promise.all([redeem(first.token, code), redeem(second.token, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const balances = await Promise.all([
      getBalance(t.db, first.user.id, now()),
      getBalance(t.db, second.user.id, now()),
    ]);
    expect(balances.sort()).toEqual([0, plan.tokenCredit]);
    expect(await t.db.select().from(creditLots).where(eq(creditLots.source, 'gift'))).toHaveLength(2);
    await expectConsistent(t.db, [first.user.id, second.user.id]);
  });

  it('refunded before it is redeemed, its code stops working; one refunded before its day is never mailed', async () => {
    const buyer = await learner();
    const recipient = await learner();
    const sent = await buyGift(buyer.token, { recipient_email: recipient.user.email, deliver_on: day(0) });
    const later = await buyGift(buyer.token, { recipient_email: recipient.user.email, deliver_on: day(2) });
    const code = await codeOf(sent.gift.id);
    for (const { payment } of [sent, later]) {
      const preview = await t.app.inject({
        method: 'GET',
        url: `/api/admin-payment/${payment.id}/refund-preview`,
        headers: await admin(),
      });
      // It granted no credits yet: all of it is suggested.
      expect(refundPreviewResponseSchema.parse(preview.json()).data.suggested_amount).toBe(plan.amount / 100);
      const refund = await t.app.inject({
        method: 'POST',
        url: `/api/admin-payment/${payment.id}/refund`,
        headers: await admin(),
        payload: { amount: plan.amount / 100, reason: 'Changed their mind' },
      });
      expect(refund.statusCode, refund.body).toBe(200);
    }
    expect([await stateOf(sent.gift.id), await stateOf(later.gift.id)]).toEqual(['refunded', 'refunded']);
    const refused = await redeem(recipient.token, code);
    expect(refused.statusCode, refused.body).toBe(409);
    await clock.setTime(clock.now() + 3 * DAY);
    await runJob();
    expect(await giftMails(later.gift.id)).toEqual([]);
    expect(await getBalance(t.db, recipient.user.id, now())).toBe(0);
  });

  it('is a package with a delivery day from today to a year ahead', async () => {
    const buyer = await learner();
    const start = (gift: object, planId = plan.id) =>
      call(t.app, buyer.token, 'POST', 'payment/intent', {
        amount: plan.amount,
        user_credit_token_id: planId,
        gift,
      });
    const email = uniqueEmail('friend');
    expect((await start({ recipient_email: email, deliver_on: day(-2) })).statusCode).toBe(422);
    expect((await start({ recipient_email: email, deliver_on: day(400) })).statusCode).toBe(422);
    expect((await start({ recipient_email: 'not-an-email', deliver_on: day(1) })).statusCode).toBe(422);
  });
});
