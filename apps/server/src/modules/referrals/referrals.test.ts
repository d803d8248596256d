import { DEMO_CARDS } from '@tokenly/contract/checkout';
import { adminUserReferralsResponseSchema, userReferralsResponseSchema } from '@tokenly/contract/referrals';
import { and, eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events';
import { creditLedger } from '../../db/schema/credit-ledger';
import { payments } from '../../db/schema/payments';
import { referrals } from '../../db/schema/referrals';
import type { TokenPlanRow } from '../../db/schema/token-plans';
import { users } from '../../db/schema/users';
import { createBooking, createSchedule, createUser, uniqueEmail } from '../../db/seed/factories';
import { expectConsistent } from '../../test/consistency';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/test-app';
import { PARITY_DATABASE_KINDS } from '../../test/test-database';
import { call, newPackage, payByDemoCard, recordOneTime } from '../checkout/checkout-test-kit';
import { getBalance } from '../credits/credit-service';
import { createSchoolSettingsService, firstSchoolSettings } from '../school-settings/school-settings-service';
import { referralRewardJob } from './referrals-jobs';
import {
  createReferralService,
  defaultUrlName,
  firstNameAndInitial,
  normaliseEmail,
} from './referrals-service';

// Sponsor links and referrals on both databases: a sponsor found by URL name, the sponsor recorded by
// sign-up, the friend's bonus with their first paid purchase, the sponsor's reward granted once by the
// job after the hold (on the test clock), withdrawn by a refund before it and clawed back after it, a
// friend with the sponsor's mailbox held for an administrator, and the monthly cap under rewards racing.

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'Correct-Horse-42';

describe.each(PARITY_DATABASE_KINDS)('referrals on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;
  let plan: TokenPlanRow;
  let service: ReturnType<typeof createReferralService>;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
    plan = await newPackage(t.db);
    // The job as a second process runs it: its own service, on the same database and clock.
    const settings = createSchoolSettingsService(t.db, { first: firstSchoolSettings(t.config), clock });
    service = createReferralService(t.db, { clock, settings });
  });
  afterAll(() => t.close());

  const now = () => new Date(clock.now());
  const runJob = () => referralRewardJob(service).run({}, { id: 'test', retry: 0 });

  async function adminHeaders() {
    const { user, password } = await createUser(t.db, { role: 'admin' });
    return bearer(await signIn(t.app, { email: user.email, password }, '/api/admin-login'));
  }

  /** A learner signed in for 30 days (the clock moves by days), with their sponsor link's URL name. */
  async function sponsor(values: { email?: string; name?: string } = {}) {
    const { user, password } = await createUser(t.db, { name: 'Maria Garcia', ...values });
    const token = await signIn(t.app, { email: user.email, password, remember: true });
    const mine = await call(t.app, token, 'GET', 'user-referrals');
    expect(mine.statusCode, mine.body).toBe(200);
    return { user, token, urlName: userReferralsResponseSchema.parse(mine.json()).data.url_name };
  }

  /** The visitor's path: the link's look-up, then sign-up with the sponsor's id as referal_id. */
  async function signUpThrough(urlName: string, email = uniqueEmail('friend')) {
    const lookup = await t.app.inject({ method: 'GET', url: `/api/sponsor/${urlName}` });
    expect(lookup.statusCode, lookup.body).toBe(200);
    const info = lookup.json<{ data: { id: number; enrolling_sponsor_name: string } }>().data;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Tom Baker',
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        level: 1,
        referal_id: info.id,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const friendId = registered.json<{ data: { id: number } }>().data.id;
    const token = await signIn(t.app, { email, password: PASSWORD, remember: true });
    return { id: friendId, token, info };
  }

  async function buy(token: string, card: string = DEMO_CARDS.succeeds) {
    const { paymentId } = await payByDemoCard(t.app, token, plan, card);
    const recorded = await recordOneTime(t.app, token, plan, paymentId);
    expect(recorded.statusCode, recorded.body).toBe(200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerRef, paymentId));
    if (!payment) throw new Error('payment not recorded');
    return payment;
  }

  const referralOf = async (friendId: number) => {
    const [row] = await t.db.select().from(referrals).where(eq(referrals.friendId, friendId));
    return row;
  };
  const referralLedger = (userId: number) =>
    t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'referral')));

  /** The friend's first class, attended (the other half of the hold). */
  async function attend(friendId: number) {
    const schedule = await createSchedule(t.db, { startsAt: new Date(clock.now() - DAY) });
    // Made as a row (no credits taken): only its attendance matters here.
    await createBooking(t.db, schedule, { userId: friendId, attendance: 'attended', credits: 0 });
  }

  it('names, look-up and normalised mailboxes', () => {
    expect(firstNameAndInitial('Maria  Garcia Lopez')).toBe('Maria L.');
    expect(firstNameAndInitial('Cher')).toBe('Cher');
    expect(defaultUrlName('Élodie Martin', 42)).toBe('elodie-42');
    expect(defaultUrlName('李 小龍', 7)).toBe('friend-7');
    expect(normaliseEmail('Sam.Jones+deal@GoogleMail.com')).toBe(normaliseEmail('samjones@gmail.com'));
    expect(normaliseEmail('sam@a.com')).not.toBe(normaliseEmail('sam@b.com'));
  });

  it('attributes the sign-up to the sponsor; an unknown name is not found and records nothing', async () => {
    const maria = await sponsor();
    expect(maria.urlName).toBe(`maria-${maria.user.id}`);
    const friend = await signUpThrough(maria.urlName.toUpperCase());
    expect(friend.info.enrolling_sponsor_name).toBe('Maria G.');
    expect(await referralOf(friend.id)).toMatchObject({ sponsorId: maria.user.id, state: 'signed_up' });

    expect((await t.app.inject({ method: 'GET', url: '/api/sponsor/nobody-here' })).statusCode).toBe(404);
    // An administrator's id sent as referal_id (no link names one) records no sponsor.
    const { user: admin } = await createUser(t.db, { role: 'admin' });
    const email = uniqueEmail('friend');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Ann Other',
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        level: 1,
        referal_id: admin.id,
      },
    });
    expect(registered.statusCode).toBe(201);
    expect(await referralOf(registered.json<{ data: { id: number } }>().data.id)).toBeUndefined();

    // The sponsor sees the friend by first name and initial, never by email.
    const mine = userReferralsResponseSchema.parse(
      (await call(t.app, maria.token, 'GET', 'user-referrals')).json(),
    );
    expect(mine.data.invitees).toEqual([
      expect.objectContaining({ display_name: 'Tom B.', state: 'signed_up' }),
    ]);
    expect(JSON.stringify(mine.data)).not.toContain('@');
  });

  it('lets the owner choose a URL name once, and never one another account has', async () => {
    const maria = await sponsor();
    const other = await sponsor();
    // Until chosen, the link is the default one, found by its whole name: another name before the id
    // finds nobody, so ids tried in turn list no one.
    const byDefault = await t.app.inject({ method: 'GET', url: `/api/sponsor/maria-${maria.user.id}` });
    expect(byDefault.json()).toMatchObject({ data: { id: maria.user.id } });
    const guessed = await t.app.inject({ method: 'GET', url: `/api/sponsor/mary-${maria.user.id}` });
    expect(guessed.statusCode).toBe(404);
    const wanted = `maria-${Math.random().toString(36).slice(2, 8)}x`;
    const choose = (token: string, url_name: string) =>
      call(t.app, token, 'POST', 'user-url-name', { url_name });
    const chosen = await choose(maria.token, wanted.toUpperCase());
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ data: { url_name: wanted, url_name_chosen: true } });
    expect((await t.app.inject({ method: 'GET', url: `/api/sponsor/${wanted}` })).json()).toMatchObject({
      data: { id: maria.user.id },
    });
    // The default link went with the choice.
    expect((await t.app.inject({ method: 'GET', url: `/api/sponsor/${maria.urlName}` })).statusCode).toBe(
      404,
    );
    expect((await choose(maria.token, `${wanted}-b`)).statusCode).toBe(409);
    expect((await choose(other.token, wanted)).statusCode).toBe(409);
    expect((await choose(other.token, 'no spaces!')).statusCode).toBe(422);
    // Another account's default link cannot be taken.
    expect((await choose(other.token, `maria-${maria.user.id + 1000}`)).statusCode).toBe(422);
    // No read wrote a URL name: the default is not stored.
    const [stored] = await t.db.select().from(users).where(eq(users.id, other.user.id));
    expect(stored?.urlName).toBeNull();
  });

  it('grants the friend a bonus with the first paid purchase and the sponsor a reward once, after the hold, by the job', async () => {
    const maria = await sponsor();
    const friend = await signUpThrough(maria.urlName);
    await buy(friend.token);
    expect(await getBalance(t.db, friend.id, now())).toBe(plan.tokenCredit + 2);
    // A second purchase brings no second bonus.
    await buy(friend.token);
    expect(await getBalance(t.db, friend.id, now())).toBe(2 * plan.tokenCredit + 2);
    expect(await referralOf(friend.id)).toMatchObject({ state: 'purchased' });

    // Within the hold, nothing.
    await runJob();
    expect(await getBalance(t.db, maria.user.id, now())).toBe(0);
    // The hold has passed but the friend has not attended a class yet.
    await clock.setTime(clock.now() + 14 * DAY + 1000);
    await runJob();
    expect(await getBalance(t.db, maria.user.id, now())).toBe(0);

    await attend(friend.id);
    await runJob();
    await runJob();
    expect(await getBalance(t.db, maria.user.id, now())).toBe(2);
    expect(await referralLedger(maria.user.id)).toHaveLength(1);
    const referral = await referralOf(friend.id);
    expect(referral).toMatchObject({ state: 'rewarded', rewardedAt: now() });
    const [lotRow] = await referralLedger(maria.user.id);
    expect(lotRow?.lotId).toBe(referral?.sponsorLotId);
    await expectConsistent(t.db, [maria.user.id, friend.id]);
  });

  it('withdraws the referral when the purchase is refunded within the hold, and claws the unused reward back after it', async () => {
    const maria = await sponsor();
    const early = await signUpThrough(maria.urlName);
    const earlyPayment = await buy(early.token);
    const refund = async (id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin-payment/${id}/refund`,
        headers: await adminHeaders(),
        payload: { amount: plan.amount / 100, reason: 'Changed their mind' },
      });
    // The bonus goes with the refund, but is not priced in it: the whole package is unused.
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/admin-payment/${earlyPayment.id}/refund-preview`,
      headers: await adminHeaders(),
    });
    expect(preview.json()).toMatchObject({
      data: {
        credits_total: plan.tokenCredit,
        credits_unused: plan.tokenCredit,
        suggested_amount: plan.amount / 100,
        balance: plan.tokenCredit + 2,
        balance_after: 0,
      },
    });
    expect((await refund(earlyPayment.id)).statusCode).toBe(200);
    expect(await referralOf(early.id)).toMatchObject({ state: 'withdrawn' });
    expect(await getBalance(t.db, early.id, now())).toBe(0);

    const late = await signUpThrough(maria.urlName);
    const latePayment = await buy(late.token);
    await attend(early.id);
    await attend(late.id);
    await clock.setTime(clock.now() + 15 * DAY);
    await runJob();
    expect(await referralOf(early.id)).toMatchObject({ state: 'withdrawn', sponsorLotId: null });
    expect(await referralOf(late.id)).toMatchObject({ state: 'rewarded' });
    expect(await getBalance(t.db, maria.user.id, now())).toBe(2);

    // The sponsor spends one credit of the reward; the refund takes back the other.
    const schedule = await createSchedule(t.db, {
      startsAt: new Date(clock.now() + 3 * DAY),
      numberToken: 1,
    });
    expect(
      (await call(t.app, maria.token, 'POST', 'book-class', { schedule_id: schedule.id })).statusCode,
    ).toBe(200);
    expect((await refund(latePayment.id)).statusCode).toBe(200);
    expect(await referralOf(late.id)).toMatchObject({ state: 'withdrawn' });
    expect(await getBalance(t.db, maria.user.id, now())).toBe(0);
    const clawed = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, maria.user.id), eq(creditLedger.reason, 'clawback')));
    expect(clawed.map((row) => row.delta)).toEqual([-1]);
    await expectConsistent(t.db, [maria.user.id, early.id, late.id]);
  });

  it('holds a friend who pays with a card the sponsor paid with (the card fingerprint)', async () => {
    const lee = await sponsor({ name: 'Lee Park' });
    await buy(lee.token, DEMO_CARDS.threeDSecureNotSupported);
    const sameCard = await signUpThrough(lee.urlName);
    await buy(sameCard.token, DEMO_CARDS.threeDSecureNotSupported);
    expect(await referralOf(sameCard.id)).toMatchObject({
      state: 'held',
      flag: 'same_card',
      friendLotId: null,
    });
    expect(await getBalance(t.db, sameCard.id, now())).toBe(plan.tokenCredit);
    const ownCard = await signUpThrough(lee.urlName);
    await buy(ownCard.token, DEMO_CARDS.threeDSecureOptional);
    expect(await referralOf(ownCard.id)).toMatchObject({ state: 'purchased', flag: null });
  });

  it("holds a friend with the sponsor's mailbox for an administrator, who approves with a reason (audited)", async () => {
    const box = Math.random().toString(36).slice(2, 8);
    const sam = await sponsor({ name: 'Sam Jones', email: `sam.${box}@example.com` });
    const again = await signUpThrough(sam.urlName, `SAM${box}+deal@example.com`);
    await buy(again.token);
    expect(await referralOf(again.id)).toMatchObject({
      state: 'held',
      flag: 'same_email',
      friendLotId: null,
    });
    expect(await getBalance(t.db, again.id, now())).toBe(plan.tokenCredit);
    await attend(again.id);
    await clock.setTime(clock.now() + 15 * DAY);
    await runJob();
    expect(await getBalance(t.db, sam.user.id, now())).toBe(0);

    const admin = await adminHeaders();
    const referral = await referralOf(again.id);
    const decide = (decision: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin-referral/${referral?.id}/decision`,
        headers: admin,
        payload: { decision, reason: 'Spouses sharing a mailbox' },
      });
    const approved = await decide('approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ data: { state: 'purchased', friend_credits: 2 } });
    expect((await decide('reject')).statusCode).toBe(409);
    expect(await getBalance(t.db, again.id, now())).toBe(plan.tokenCredit + 2);
    const [audited] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'adminReferralDecision'), eq(auditEvents.subjectId, referral?.id ?? 0)),
      );
    expect(audited?.reason).toBe('Spouses sharing a mailbox');
    await runJob();
    expect(await getBalance(t.db, sam.user.id, now())).toBe(2);

    const around = await t.app.inject({
      method: 'GET',
      url: `/api/admin-user-referrals/${sam.user.id}`,
      headers: admin,
    });
    expect(adminUserReferralsResponseSchema.parse(around.json()).data).toEqual({
      sponsor: null,
      sponsored: [{ id: again.id, name: 'Tom Baker', state: 'rewarded' }],
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin-referrals', headers: admin });
    expect(list.statusCode, list.body).toBe(200);
  });

  it('keeps to the monthly cap when rewards of one sponsor race', async () => {
    const admin = await adminHeaders();
    const settings = await t.app.inject({ method: 'GET', url: '/api/admin-school-settings', headers: admin });
    const { updated_at: _updated, ...values } = settings.json<{ data: Record<string, unknown> }>().data;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin-school-settings',
      headers: admin,
      payload: { ...values, referral_monthly_cap: 2 },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const maria = await sponsor();
    const friends = [];
    for (let i = 0; i < 5; i++) {
      const friend = await signUpThrough(maria.urlName);
      await buy(friend.token);
      await attend(friend.id);
      friends.push(friend);
    }
    await clock.setTime(clock.now() + 15 * DAY);
    const ids = await Promise.all(friends.map(async (friend) => (await referralOf(friend.id))?.id ?? 0));
    const outcomes = await Promise.all(ids.map((id) => service.rewardOne(id)));
    expect(outcomes.filter((outcome) => outcome === 'rewarded')).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome === 'capped')).toHaveLength(3);
    expect(await getBalance(t.db, maria.user.id, now())).toBe(4);
    expect(await referralLedger(maria.user.id)).toHaveLength(2);

    // The others wait for next month.
    await clock.setTime(clock.now() + 31 * DAY);
    await runJob();
    expect(await referralLedger(maria.user.id)).toHaveLength(4);
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin-school-settings',
      headers: await adminHeaders(),
      payload: { ...values, referral_monthly_cap: 10 },
    });
  });
});
