import { MESSAGES } from '@tokenly/contract/messages';
import { promoCodeResponseSchema } from '@tokenly/contract/promo-codes';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPlanRow } from '../../db/schema/token-plans';
import { createTokenPlan } from '../../db/seed/factories';
import { bearer, createTestApp, RELAXED_RATE_LIMITS, signedInUser, type TestApp } from '../../test/test-app';
import { PARITY_DATABASE_KINDS } from '../../test/test-database';

const HOUR = 60 * 60_000;

describe.each(PARITY_DATABASE_KINDS)('guesses of promo and gift codes on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;
  let plan: TokenPlanRow;
  let valid: string;

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {
        rateLimits: {
          ...RELAXED_RATE_LIMITS,
          codeGuess: { client: { max: 5, windowMs: HOUR }, account: { max: 3, windowMs: HOUR } },
        },
      },
      { clock },
    );
    plan = await createTokenPlan(t.db, { tokenTitle: 'Guess package', tokenCredit: 8, amount: 5000 });
    const admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin-promo-codes',
      headers: admin,
      payload: { code: 'TEN-OFF', kind: 'percent', percent_off: 10 },
    });
    valid = promoCodeResponseSchema.parse(created.json()).data.code;
  });
  afterAll(() => t.close());

  const learner = async () => (await signedInUser(t.app, t.db)).token;
  const send = (token: string, ip: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/${url}`, headers: bearer(token), remoteAddress: ip, payload });
  const check = (token: string, ip: string, code: string) =>
    send(token, ip, 'promo-code/check', { code, user_credit_token_id: plan.id });
  const redeem = (token: string, ip: string, code: string) => send(token, ip, 'gift-redeem', { code });
  const intent = (token: string, ip: string, amount: number, code?: string) =>
    send(token, ip, 'payment/intent', { amount, user_credit_token_id: plan.id, promo_code: code });
  const TOO_MANY = {
    message: MESSAGES.tooManyCodeGuesses,
    errorMessage: MESSAGES.tooManyCodeGuesses,
    code: 'tooManyCodeGuesses',
  };

  it('count only codes that did not work, per account whichever call tries them, and then tell nothing', async () => {
    const token = await learner();
    // A right code, however often it is checked, and a refusal of something else cost nothing.
    for (let i = 0; i < 5; i += 1) expect((await check(token, '10.1.0.1', valid)).statusCode).toBe(200);
    const notOnSale = { amount: 4500, user_credit_token_id: 2_000_000, promo_code: valid };
    expect((await send(token, '10.1.0.1', 'payment/intent', notOnSale)).statusCode).toBe(404);

    expect((await check(token, '10.1.0.1', 'NOPE-1')).json().message).toBe(MESSAGES.promoCodeUnknown);
    expect((await redeem(token, '10.1.0.1', 'GIFT-NOPE-2')).json().message).toBe(MESSAGES.giftNotFound);
    expect((await intent(token, '10.1.0.1', 4500, 'NOPE-3')).json().message).toBe(MESSAGES.promoCodeUnknown);

    // The account's three are spent, from any client: a right code and a wrong one answer alike.
    for (const refused of [
      await check(token, '10.1.0.9', valid),
      await check(token, '10.1.0.9', 'NOPE-4'),
      await redeem(token, '10.1.0.1', 'GIFT-NOPE-5'),
      await intent(token, '10.1.0.1', 4500, valid),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(TOO_MANY);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(HOUR / 1000);
    }
    // A payment without a code is no guess.
    expect((await intent(token, '10.1.0.1', 5000)).statusCode).toBe(200);
    // Another learner on the same client has its own three (the client has two of its five left).
    expect((await check(await learner(), '10.1.0.1', valid)).statusCode).toBe(200);

    await clock.setTime(clock.now() + HOUR);
    expect((await intent(token, '10.1.0.1', 4500, valid)).statusCode).toBe(200);
  });

  it('count a wrong amount sent with a code as a guess: its refusal names the discounted price', async () => {
    const token = await learner();
    for (let i = 0; i < 3; i += 1)
      expect((await intent(token, '10.4.0.1', 1000, valid)).statusCode).toBe(422);
    expect((await intent(token, '10.4.0.1', 4500, valid)).json()).toEqual(TOO_MANY);
  });

  it('count per client across its accounts', async () => {
    const [first, second, third] = [await learner(), await learner(), await learner()];
    for (const code of ['NOPE-1', 'NOPE-2', 'NOPE-3']) {
      expect((await check(first, '10.2.0.1', code)).statusCode).toBe(422);
    }
    for (const code of ['GIFT-NOPE-4', 'GIFT-NOPE-5']) {
      expect((await redeem(second, '10.2.0.1', code)).statusCode).toBe(404);
    }
    // The client's five are spent, whoever signs in on it; the accounts elsewhere are not touched.
    expect((await check(third, '10.2.0.1', valid)).statusCode).toBe(429);
    expect((await check(third, '10.2.0.2', valid)).statusCode).toBe(200);
    expect((await check(second, '10.2.0.2', valid)).statusCode).toBe(200);
  });

  it('let no more wrong guesses through than the limit when they come all at once', async () => {
    const token = await learner();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => check(token, '10.3.0.1', `NOPE-${i}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([422, 422, 422, 429, 429, 429, 429, 429]);
  });
});
