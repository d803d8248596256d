import { MESSAGES } from '@tokenly/contract/messages';
import { and, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { rateLimitCounters } from '../../db/schema/rate-limit-counters';
import { createUser, uniqueEmail } from '../../db/seed/factories';
import { nowOf } from '../../lib/clock';
import { countAttempt, sweepEndedCounters } from '../../plugins/rate-limit-repository';
import { bearer, createTestApp, RELAXED_RATE_LIMITS, signIn, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

// Sign-in throttling that an outsider cannot turn against the owner (OWASP): only failures count, per
// client and address, per client, and per address from everyone; the last pauses only clients that have
// failed themselves, never a browser that signed in before. The calls that send mail have budgets of
// their own per client, and every unsolicited mail a budget per recipient.

const MINUTE = 60_000;
const LIMITS = {
  ...RELAXED_RATE_LIMITS,
  signIn: {
    clientAndAccount: { max: 3, windowMs: 15 * MINUTE },
    client: { max: 6, windowMs: 60 * MINUTE },
    account: { max: 5, windowMs: 60 * MINUTE },
  },
  register: { max: 2, windowMs: 24 * 60 * MINUTE },
  forgotPassword: { max: 4, windowMs: 24 * 60 * MINUTE },
  mailPerRecipient: { max: 2, windowMs: 60 * MINUTE },
};

describe.each(TEST_DATABASE_KINDS)('sign-in throttling on %s', (kind) => {
  let t: TestApp;
  const clock = new TestClock();
  let client = 0;
  /** A client address of its own (loopback's /8), so tests do not share counts. */
  const newClient = () => `127.0.${Math.floor(++client / 250)}.${(client % 250) + 2}`;

  beforeAll(async () => {
    t = await createTestApp(kind, { rateLimits: LIMITS }, { clock });
  });
  afterAll(() => t.close());

  const signInFrom = (
    remoteAddress: string,
    email: string,
    password: string,
    { url = '/api/login', cookie }: { url?: string; cookie?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      payload: { email, password },
      headers: cookie ? { cookie } : {},
    });
  const deviceCookieOf = (response: LightMyRequestResponse) => {
    const cookie = response.cookies.find((one) => one.name === 'tokenly_device');
    return cookie ? `tokenly_device=${cookie.value}` : undefined;
  };

  it('never counts a right password: twelve sign-ins in a row all succeed', async () => {
    const { user, password } = await createUser(t.db);
    const ip = newClient();
    for (let i = 0; i < 12; i += 1) {
      expect((await signInFrom(ip, user.email, password)).statusCode).toBe(200);
    }
  });

  it('pauses a client that keeps failing on an address, and only that client', async () => {
    const { user, password } = await createUser(t.db);
    const guesser = newClient();
    for (let i = 0; i < 3; i += 1) {
      expect((await signInFrom(guesser, user.email, `wrong ${i}`)).statusCode).toBe(401);
    }
    const paused = await signInFrom(guesser, user.email, password);
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toEqual({
      message: MESSAGES.tooManyAttempts,
      errorMessage: MESSAGES.tooManyAttempts,
      code: 'tooManyAttempts',
    });
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The owner, elsewhere, is not stopped; the guesser waits out the window.
    expect((await signInFrom(newClient(), user.email, password)).statusCode).toBe(200);
    await clock.tick(15 * MINUTE + 1000);
    expect((await signInFrom(guesser, user.email, password)).statusCode).toBe(200);
  });

  it('lets the owner in however many strangers fail on the address, and pauses those strangers', async () => {
    const { user, password } = await createUser(t.db, { role: 'admin' });
    // The owner has signed in from this browser before: it holds a device cookie.
    const home = newClient();
    const first = await signInFrom(home, user.email, password, { url: '/api/admin-login' });
    const device = deviceCookieOf(first);
    expect(device).toBeDefined();

    // Reset-link requests never stop a sign-in: they have their own budget.
    for (let i = 0; i < 4; i += 1) {
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        remoteAddress: newClient(),
        payload: { email: user.email },
      });
      expect(asked.statusCode).toBe(200);
    }
    // Strangers on five addresses fail until the address as a whole is over its budget.
    const strangers = Array.from({ length: 5 }, newClient);
    for (const stranger of strangers) {
      expect((await signInFrom(stranger, user.email, 'guess', { url: '/api/admin-login' })).statusCode).toBe(
        401,
      );
    }
    expect(
      (await signInFrom(strangers[0] ?? '', user.email, password, { url: '/api/admin-login' })).statusCode,
    ).toBe(429);
    // A client that has not failed, and the owner's own browser after a typo, still get in.
    expect(
      (await signInFrom(newClient(), user.email, password, { url: '/api/admin-login' })).statusCode,
    ).toBe(200);
    expect(
      (await signInFrom(home, user.email, 'typo', { url: '/api/admin-login', cookie: device })).statusCode,
    ).toBe(401);
    const owner = await signInFrom(home, user.email, password, { url: '/api/admin-login', cookie: device });
    expect(owner.statusCode).toBe(200);
    // A device cookie of another account earns no trust for this one.
    const other = await createUser(t.db);
    const otherDevice = deviceCookieOf(await signInFrom(newClient(), other.user.email, other.password));
    const stranger = strangers[1] ?? '';
    expect(
      (await signInFrom(stranger, user.email, password, { url: '/api/admin-login', cookie: otherDevice }))
        .statusCode,
    ).toBe(429);
  });

  it('pauses a client that fails across many addresses (credential stuffing)', async () => {
    const stuffer = newClient();
    for (let i = 0; i < 6; i += 1) {
      expect((await signInFrom(stuffer, uniqueEmail(`stuffed${i}`), 'Password1234')).statusCode).toBe(401);
    }
    const { user, password } = await createUser(t.db);
    expect((await signInFrom(stuffer, user.email, password)).statusCode).toBe(429);
  });

  it('counts in the database: a second server process shares the counts', async () => {
    const { user, password } = await createUser(t.db);
    const second = await buildApp(t.config, t.database, { clock });
    try {
      const ip = newClient();
      const attempt = (app: typeof second, pass: string) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: ip,
          payload: { email: user.email, password: pass },
        });
      expect((await attempt(t.app, 'wrong 1')).statusCode).toBe(401);
      expect((await attempt(second, 'wrong 2')).statusCode).toBe(401);
      expect((await attempt(t.app, 'wrong 3')).statusCode).toBe(401);
      expect((await attempt(second, password)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('sweeps counters whose window has ended, and only those', async () => {
    const stale = `sweep-test|${uniqueEmail('stale')}`;
    const fresh = `sweep-test|${uniqueEmail('fresh')}`;
    await countAttempt(t.db, stale, MINUTE, new Date(clock.now() - 2 * MINUTE));
    await countAttempt(t.db, fresh, MINUTE, nowOf(clock));
    await sweepEndedCounters(t.db, MINUTE, nowOf(clock));
    const left = await t.db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(like(rateLimitCounters.key, 'sweep-test|%'));
    expect(left).toEqual([{ key: fresh }]);
  });

  it('limits wrong guesses of the current password per account, and only wrong ones', async () => {
    const { user, password } = await createUser(t.db);
    const token = await signIn(t.app, { email: user.email, password });
    const save = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/user-details-save', headers: bearer(token), payload });
    const change = (current: string) =>
      save({
        name: user.name,
        current_password: current,
        password: 'A new quiet river 7',
        password_confirmation: 'A new quiet river 7',
      });
    for (let i = 0; i < 5; i += 1) expect((await save({ name: `Name ${i}` })).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await change(`wrong guess ${i}`)).statusCode).toBe(422);
    // Even the right one waits now: a stolen session cannot go on guessing.
    expect((await change(password)).statusCode).toBe(429);
  });

  it('gives sign-up a daily budget per client', async () => {
    const ip = newClient();
    const register = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: ip,
        payload: {
          name: 'Burst',
          email,
          password: 'Quiet river 77',
          password_confirmation: 'Quiet river 77',
          level: 1,
        },
      });
    expect((await register(uniqueEmail('burst'))).statusCode).toBe(201);
    expect((await register(uniqueEmail('burst'))).statusCode).toBe(201);
    const limited = await register(uniqueEmail('burst'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MESSAGES.tooManyRequests);
  });

  it('sends a stranger at most the hourly budget of reset mails, whoever asks for them', async () => {
    const { user } = await createUser(t.db);
    for (let i = 0; i < 4; i += 1) {
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        remoteAddress: newClient(),
        payload: { email: user.email },
      });
      expect(asked.json().message).toBe(MESSAGES.resetLinkSent);
    }
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, user.email), eq(mailOutbox.kind, 'password-reset')));
    expect(mails).toHaveLength(2);
    await clock.tick(60 * MINUTE + 1000);
    await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      remoteAddress: newClient(),
      payload: { email: user.email },
    });
    expect(
      await t.db.$count(
        mailOutbox,
        and(eq(mailOutbox.recipient, user.email), eq(mailOutbox.kind, 'password-reset')),
      ),
    ).toBe(3);
  });
});
