import { userPaymentPageResponseSchema } from '@tokenly/contract/checkout';
import { userCreditHistoryResponseSchema } from '@tokenly/contract/credits';
import {
  adminPaymentPageResponseSchema,
  paymentReceiptResponseSchema,
  refundPreviewResponseSchema,
  refundResponseSchema,
} from '@tokenly/contract/payments';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events';
import { creditLedger } from '../../db/schema/credit-ledger';
import { creditLots } from '../../db/schema/credit-lots';
import { demoGatewayObjects } from '../../db/schema/demo-gateway-objects';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { payments } from '../../db/schema/payments';
import type { TokenPlanRow } from '../../db/schema/token-plans';
import { createSchedule, createTokenPlan, createUser, uniqueEmail } from '../../db/seed/factories';
import { nowOf, systemClock } from '../../lib/clock';
import { expectConsistent } from '../../test/consistency';
import { bearer, createTestApp, signedInUser, signIn, type TestApp } from '../../test/test-app';
import { PARITY_DATABASE_KINDS, TEST_DATABASE_KINDS } from '../../test/test-database';
import { call, newPackage, payByDemoCard, recordOneTime } from '../checkout/checkout-test-kit';
import { getBalance, grantCredits } from '../credits/credit-service';

// Refunds made here, through the demo gateway, on both databases. The Stripe side (the
// Refund API, `charge.refunded` and `charge.dispute.created`) is in refunds-stripe.test.ts.

const DAY = 24 * 60 * 60 * 1000;

describe.each(PARITY_DATABASE_KINDS)('refunds on %s', (kind) => {
  let t: TestApp;
  let admin: { authorization: string };
  let adminId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const signedIn = await signedInUser(t.app, t.db, 'admin');
    admin = bearer(signedIn.token);
    adminId = signedIn.user.id;
  });
  afterAll(() => t.close());

  /** A learner who paid for a plan (50 USD for 8 credits unless given) by demo card; returns our payment's id. */
  async function paidLearner(plan?: TokenPlanRow) {
    const learner = await signedInUser(t.app, t.db);
    plan ??= await newPackage(t.db);
    const { paymentId: intentId } = await payByDemoCard(t.app, learner.token, plan);
    const recorded = await recordOneTime(t.app, learner.token, plan, intentId);
    expect(recorded.statusCode, recorded.body).toBe(200);
    const [row] = await t.db.select().from(payments).where(eq(payments.providerRef, intentId));
    if (!row) throw new Error('payment not recorded');
    return { ...learner, plan, paymentId: row.id };
  }

  const preview = async (id: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin-payment/${id}/refund-preview`,
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return refundPreviewResponseSchema.parse(response.json()).data;
  };
  const refund = (id: number, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin-payment/${id}/refund`, headers: admin, payload });

  /** Cents refunded as the payment records it, as the demo gateway paid it out, and as the audit log tells it. */
  async function recordedAndMoved(paymentId: number) {
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    const [intent] = await t.db
      .select()
      .from(demoGatewayObjects)
      .where(eq(demoGatewayObjects.id, payment?.providerRef ?? ''));
    const refunds = (intent?.data as { refunds?: { amount: number }[] } | undefined)?.refunds ?? [];
    const logged = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'adminPaymentRefund'), eq(auditEvents.subjectId, paymentId)));
    return {
      recorded: payment?.amountRefunded,
      moved: refunds.reduce((sum, one) => sum + one.amount, 0),
      logged: logged.reduce((sum, event) => sum + Math.round(Number(event.details?.amount) * 100), 0),
    };
  }

  const mailTo = async (email: string, kind: string) =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).find(
      (mail) => mail.kind === kind,
    );

  it('refunds in full: the unused credits go in the same transaction, recorded with who and why', async () => {
    const learner = await paidLearner();
    expect(await preview(learner.paymentId)).toMatchObject({
      amount: 50,
      refundable: 50,
      credits_total: 8,
      credits_unused: 8,
      credits_used: 0,
      suggested_amount: 50,
      balance: 8,
      balance_after: 0,
    });

    const response = await refund(learner.paymentId, { amount: 50, reason: 'Paid by mistake' });
    expect(response.statusCode, response.body).toBe(200);
    const result = refundResponseSchema.parse(response.json()).data;
    expect(result).toMatchObject({ credits_removed: 8, balance: 0 });
    expect(result.payment).toMatchObject({ status: 'refunded', amount_refunded: 50 });
    expect(result.payment.refunded_by).toEqual(expect.any(String));
    expect(result.payment.refunded_at).not.toBeNull();

    const clawbacks = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, learner.user.id), eq(creditLedger.reason, 'clawback')));
    expect(clawbacks).toEqual([
      expect.objectContaining({
        delta: -8,
        note: 'Paid by mistake',
        actorId: adminId,
        paymentId: learner.paymentId,
      }),
    ]);
    await expectConsistent(t.db, [learner.user.id]);

    // Nothing is left to refund, however often asked.
    expect((await refund(learner.paymentId, { amount: 1, reason: 'Again' })).statusCode).toBe(409);

    // The learner sees it on the payment list and the receipt.
    const list = userPaymentPageResponseSchema.parse(
      (await call(t.app, learner.token, 'GET', 'get-user-payment-list')).json(),
    ).data;
    expect(list.data[0]).toMatchObject({ status: 'refunded', amount_refunded: 50 });
    expect(list.data[0]).not.toHaveProperty('refunded_by');
    const receipt = paymentReceiptResponseSchema.parse(
      (await call(t.app, learner.token, 'GET', `user-payment-receipt/${learner.paymentId}`)).json(),
    ).data;
    expect(receipt).toMatchObject({ status: 'refunded', amount_refunded: 50 });

    // The admin ledger's totals and CSV count the real refund.
    const page = adminPaymentPageResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/get-payment-list?user_id=${learner.user.id}`,
          headers: admin,
        })
      ).json(),
    ).data;
    expect(page.totals).toEqual({ count: 1, gross: 50, refunded: 50, net: 0 });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/get-payment-list.csv?user_id=${learner.user.id}`,
      headers: admin,
    });
    const [record] = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(record).toMatchObject({ 'Amount (USD)': '50.00', 'Refunded (USD)': '50.00', Status: 'refunded' });
  });

  it('refunds in part after credits were used: pro rata suggested, spent credits come back apart when the class is cancelled', async () => {
    const learner = await paidLearner();
    // Credits of another kind, which a refund of this payment must not touch.
    await grantCredits(t.db, {
      userId: learner.user.id,
      credits: 3,
      expiresAt: new Date(Date.now() + 300 * DAY),
      source: 'grant',
      reason: 'grant',
    });
    const schedule = await createSchedule(t.db, { numberToken: 2 });
    const booked = await call(t.app, learner.token, 'POST', 'book-class', { schedule_id: schedule.id });
    expect(booked.statusCode, booked.body).toBe(200);
    const bookingId = booked.json<{ data: { id: number } }>().data.id;

    // The package's lot expires first, so the booking took its 2 credits from it.
    expect(await preview(learner.paymentId)).toMatchObject({
      credits_total: 8,
      credits_used: 2,
      credits_unused: 6,
      suggested_amount: 37.5,
      balance: 9,
      balance_after: 3,
    });

    const tooMuch = await refund(learner.paymentId, { amount: 50.01, reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(422);
    const partial = await refund(learner.paymentId, { amount: 37.5, reason: 'Series dropped' });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(refundResponseSchema.parse(partial.json()).data).toMatchObject({
      credits_removed: 6,
      balance: 3,
      payment: { status: 'succeeded', amount_refunded: 37.5 },
    });

    // The booking's 2 credits were paid for and not refunded: cancelled in time, they come back, to a lot
    // of their own (the refunded lot takes nothing back) with the package's expiry.
    const cancelled = await call(t.app, learner.token, 'POST', `cancel-booking/${bookingId}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await getBalance(t.db, learner.user.id, nowOf(systemClock))).toBe(5);
    const lots = await t.db.select().from(creditLots).where(eq(creditLots.paymentId, learner.paymentId));
    const packageLot = lots.find((lot) => lot.source === 'purchase');
    expect(lots.find((lot) => lot.source === 'refund')).toMatchObject({
      creditsRemaining: 2,
      expiresAt: packageLot?.expiresAt,
      clawedBackAt: null,
    });

    // The rest can still go back, and takes those credits with it this time.
    expect(await preview(learner.paymentId)).toMatchObject({
      refundable: 12.5,
      credits_total: 8,
      credits_unused: 2,
    });
    const rest = await refund(learner.paymentId, { amount: 12.5, reason: 'The rest' });
    expect(refundResponseSchema.parse(rest.json()).data).toMatchObject({
      credits_removed: 2,
      balance: 3,
      payment: { status: 'refunded', amount_refunded: 50 },
    });
    await expectConsistent(t.db, [learner.user.id]);
  });

  it('gives back a credit spent on a class the school cancels after a partial refund, and says so', async () => {
    const learner = await paidLearner();
    const schedule = await createSchedule(t.db, { numberToken: 1 });
    const booked = await call(t.app, learner.token, 'POST', 'book-class', { schedule_id: schedule.id });
    expect(booked.statusCode, booked.body).toBe(200);
    // The unused 7 of 8 credits are refunded; the one spent on the class stays paid for.
    expect(
      (await refund(learner.paymentId, { amount: 43.75, reason: 'Moved to evening group' })).statusCode,
    ).toBe(200);
    expect(await getBalance(t.db, learner.user.id, nowOf(systemClock))).toBe(0);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin-course-schedule/${schedule.id}/cancel`,
      headers: admin,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await getBalance(t.db, learner.user.id, nowOf(systemClock))).toBe(1);

    // The learner's history: the refund and the credit back, in neutral words, and no bookkeeping rows.
    const history = userCreditHistoryResponseSchema.parse(
      (await call(t.app, learner.token, 'GET', 'user-credit-history')).json(),
    ).data.data;
    expect(history.map((row) => [row.reason, row.delta, row.note])).toEqual([
      ['refund', 1, null],
      ['clawback', -7, null],
      ['booking', -1, null],
      ['purchase', 8, null],
    ]);
    const mail = await mailTo(learner.user.email, 'class-cancelled');
    expect(mail?.text).toContain('1 credit returned to your balance');
    await expectConsistent(t.db, [learner.user.id]);
  });

  it('does not give back a credit whose payment was refunded in full', async () => {
    const learner = await paidLearner();
    const schedule = await createSchedule(t.db, { numberToken: 1 });
    expect(
      (await call(t.app, learner.token, 'POST', 'book-class', { schedule_id: schedule.id })).statusCode,
    ).toBe(200);
    expect((await refund(learner.paymentId, { amount: 50, reason: 'All of it' })).statusCode).toBe(200);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin-course-schedule/${schedule.id}/cancel`,
      headers: admin,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await getBalance(t.db, learner.user.id, nowOf(systemClock))).toBe(0);
    await expectConsistent(t.db, [learner.user.id]);
  });

  it('pays two refunds of one payment sent at the same moment once each, never beyond the payment', async () => {
    const learner = await paidLearner();
    const answers = await Promise.all([
      refund(learner.paymentId, { amount: 30, reason: 'First' }),
      refund(learner.paymentId, { amount: 30, reason: 'Second' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)?.json()).toMatchObject({
      errors: { amount: ['At most 20.00 USD can still be refunded.'] },
    });
    expect(await recordedAndMoved(learner.paymentId)).toEqual({ recorded: 3000, moved: 3000, logged: 3000 });

    // What remains can still be refunded.
    expect((await refund(learner.paymentId, { amount: 20, reason: 'The rest' })).statusCode).toBe(200);
    expect(await recordedAndMoved(learner.paymentId)).toEqual({ recorded: 5000, moved: 5000, logged: 5000 });
  });

  it('pays ten refunds of 5 USD of a 28 USD payment sent together as far as the money goes', async () => {
    const learner = await paidLearner(
      await createTokenPlan(t.db, { tokenTitle: `Starter ${Math.random()}` }),
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        refund(learner.paymentId, { amount: 5, reason: `Part ${index}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 422)).toBe(true);
    expect(await recordedAndMoved(learner.paymentId)).toEqual({ recorded: 2500, moved: 2500, logged: 2500 });
  });

  it('refuses what is not an admin, an unknown payment and a refund of one that did not succeed', async () => {
    const learner = await paidLearner();
    const asLearner = await call(t.app, learner.token, 'POST', `admin-payment/${learner.paymentId}/refund`, {
      amount: 1,
      reason: 'Mine',
    });
    expect(asLearner.statusCode).toBe(403);
    expect((await refund(2_000_000, { amount: 1, reason: 'Nobody' })).statusCode).toBe(404);
    expect((await refund(learner.paymentId, { amount: 0, reason: 'Zero' })).statusCode).toBe(422);
    expect((await refund(learner.paymentId, { amount: 1, reason: ' ' })).statusCode).toBe(422);
    await t.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, learner.paymentId));
    expect((await refund(learner.paymentId, { amount: 1, reason: 'Failed' })).statusCode).toBe(409);
    expect(await getBalance(t.db, learner.user.id, nowOf(systemClock))).toBe(8);
  });
});

// A class's roster as CSV, read back by a real CSV parser.
describe.each(TEST_DATABASE_KINDS)('class roster CSV on %s', (kind) => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
  });
  afterAll(() => t.close());

  it('lists every booking with name, email, level, booked at and status, formulas neutralised', async () => {
    const schedule = await createSchedule(t.db, { numberToken: 1 });
    const names = ['Zoë "Zed", Ødegård', '=HYPERLINK("http://evil")', 'Plain Learner'];
    const learners = [];
    const tokens: string[] = [];
    for (const [index, name] of names.entries()) {
      const { user, password } = await createUser(t.db, {
        name,
        email: uniqueEmail(`roster${index}`),
        level: 2,
      });
      tokens.push(await signIn(t.app, { email: user.email, password }));
      await grantCredits(t.db, {
        userId: user.id,
        credits: 1,
        expiresAt: new Date(Date.now() + 90 * DAY),
        source: 'grant',
        reason: 'grant',
      });
      learners.push(user);
    }
    const [first = '', second = '', token = ''] = tokens;
    for (const learnerToken of [first, second]) {
      const booked = await call(t.app, learnerToken, 'POST', 'book-class', { schedule_id: schedule.id });
      expect(booked.statusCode, booked.body).toBe(200);
    }
    const third = await call(t.app, token, 'POST', 'book-class', { schedule_id: schedule.id });
    await call(t.app, token, 'POST', `cancel-booking/${third.json<{ data: { id: number } }>().data.id}`);

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin-course-schedule/${schedule.id}/roster.csv`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="class-${schedule.id}-roster.csv"`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records: Record<string, string>[] = parse(response.body, { bom: true, columns: true });
    expect(records.map((record) => [record.Learner, record.Status])).toEqual([
      ['Zoë "Zed", Ødegård', 'booked'],
      [`'=HYPERLINK("http://evil")`, 'booked'],
      ['Plain Learner', 'cancelled'],
    ]);
    expect(records[0]).toMatchObject({ Email: learners[0]?.email, Level: 'Intermediate' });
    expect(records[0]?.['Booked at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(records[2]?.['Cancelled at']).not.toBe('');

    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin-course-schedule/2000000/roster.csv',
          headers: admin,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin-course-schedule/${schedule.id}/roster.csv`,
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(403);
  });
});
