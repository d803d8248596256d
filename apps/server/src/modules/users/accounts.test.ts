import { MESSAGES } from '@tokenly/contract/messages';
import { accountResponseSchema, userPageResponseSchema } from '@tokenly/contract/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitlistEntries } from '../../db/schema/waitlist-entries';
import { createSchedule, createUser } from '../../db/seed/factories';
import { nowOf, systemClock } from '../../lib/clock';
import { bearer, createTestApp, signedInUser, signIn, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { ensureAdmin } from '../auth/auth-service';
import { adjustCredits } from '../credits/credit-service';

// Administrators edited, disabled, enabled and removed; learners disabled; never the
// last active administrator, never one's own account.
describe.each(TEST_DATABASE_KINDS)('account management on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signedInUser(t.app, t.db, 'admin');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), ...(payload && { payload }) });

  it("edits an administrator's name and email, refusing an email another account has", async () => {
    const other = await createUser(t.db, { role: 'admin', name: 'Old Name' });
    const edited = await call('PUT', `admin-adminuser/${other.user.id}`, admin.token, {
      name: 'New Name',
      email: 'New.Name@Tokenly.test',
    });
    expect(edited.statusCode).toBe(200);
    expect(accountResponseSchema.parse(edited.json()).data).toMatchObject({
      name: 'New Name',
      email: 'new.name@tokenly.test',
      disabled_at: null,
    });
    const read = await call('GET', `admin-adminuser/${other.user.id}`, admin.token);
    expect(read.json()).toMatchObject({ data: { name: 'New Name' } });
    // The new email signs in.
    await signIn(t.app, { email: 'new.name@tokenly.test', password: other.password }, '/api/admin-login');

    const taken = await call('PUT', `admin-adminuser/${other.user.id}`, admin.token, {
      name: 'New Name',
      email: admin.user.email.toUpperCase(),
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ errors: { email: [MESSAGES.emailTaken] } });

    // A learner is not an administrator to edit here.
    const learner = await createUser(t.db);
    const wrong = await call('PUT', `admin-adminuser/${learner.user.id}`, admin.token, {
      name: 'X',
      email: 'x@tokenly.test',
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('disabling ends every session at once and refuses sign-in; enabling lets the account back in', async () => {
    for (const role of ['user', 'admin'] as const) {
      const account = await signedInUser(t.app, t.db, role);
      const secondSession = await signIn(
        t.app,
        { email: account.user.email, password: account.password },
        role === 'admin' ? '/api/admin-login' : '/api/login',
      );
      expect((await call('GET', 'user-details', account.token)).statusCode).toBe(200);

      const disabled = await call('POST', `admin-accounts/${account.user.id}/disable`, admin.token);
      expect(disabled.statusCode).toBe(200);
      const disabledAt = accountResponseSchema.parse(disabled.json()).data.disabled_at;
      expect(disabledAt).not.toBeNull();
      for (const token of [account.token, secondSession]) {
        expect((await call('GET', 'user-details', token)).statusCode).toBe(401);
      }
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: account.user.email, password: account.password },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: MESSAGES.accountDisabled });
      // A wrong password still says only that the credentials are wrong.
      const guessed = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: account.user.email, password: 'not the password' },
      });
      expect(guessed.statusCode).toBe(401);

      // Disabling again keeps the time access ended.
      const again = await call('POST', `admin-accounts/${account.user.id}/disable`, admin.token);
      expect(accountResponseSchema.parse(again.json()).data.disabled_at).toBe(disabledAt);

      const enabled = await call('POST', `admin-accounts/${account.user.id}/enable`, admin.token);
      expect(accountResponseSchema.parse(enabled.json()).data.disabled_at).toBeNull();
      const token = await signIn(t.app, { email: account.user.email, password: account.password });
      expect((await call('GET', 'user-details', token)).statusCode).toBe(200);
    }
  });

  it('lists show which accounts are disabled', async () => {
    const learner = await createUser(t.db, { name: 'Listed Disabled' });
    await call('POST', `admin-accounts/${learner.user.id}/disable`, admin.token);
    const list = userPageResponseSchema.parse((await call('GET', 'admin-user-list', admin.token)).json());
    const row = list.data.data.find((user) => user.id === learner.user.id);
    expect(row?.disabled_at).toEqual(expect.any(String));
  });

  it("refuses an administrator's own account; ADMIN_EMAIL at start enables a disabled admin", async () => {
    const own = await call('POST', `admin-accounts/${admin.user.id}/disable`, admin.token);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ message: MESSAGES.ownAccount });
    expect((await call('DELETE', `admin-adminuser/${admin.user.id}`, admin.token)).statusCode).toBe(409);

    const other = await signedInUser(t.app, t.db, 'admin');
    expect((await call('POST', `admin-accounts/${other.user.id}/disable`, admin.token)).statusCode).toBe(200);
    // The way back in when no administrator is left to enable the account.
    await ensureAdmin(t.db, { email: other.user.email, password: 'A new password 1' });
    await signIn(t.app, { email: other.user.email, password: 'A new password 1' }, '/api/admin-login');
  });

  it('two administrators disabling each other at once leave one of them active', async () => {
    const others = userPageResponseSchema.parse(
      (await call('GET', 'admin-adminuser-list?page=1', admin.token)).json(),
    ).data.data;
    for (const other of others.filter((row) => row.id !== admin.user.id && row.disabled_at === null)) {
      await call('POST', `admin-accounts/${other.id}/disable`, admin.token);
    }
    const second = await signedInUser(t.app, t.db, 'admin');
    const answers = await Promise.all([
      call('POST', `admin-accounts/${second.user.id}/disable`, admin.token),
      call('POST', `admin-accounts/${admin.user.id}/disable`, second.token),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // One wins; the other is refused as the last active admin, or finds its own session already ended.
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    if (refused) expect(refused.json()).toMatchObject({ message: MESSAGES.lastActiveAdmin });
    const winner = answers[0]?.statusCode === 200 ? admin : second;
    const loser = winner === admin ? second : admin;
    const loserRead = await call('GET', `admin-adminuser/${loser.user.id}`, winner.token);
    expect(loserRead.json()).toMatchObject({ data: { disabled_at: expect.any(String) } });
    const winnerRead = await call('GET', `admin-adminuser/${winner.user.id}`, winner.token);
    expect(winnerRead.json()).toMatchObject({ data: { disabled_at: null } });
    if (winner !== admin) {
      await call('POST', `admin-accounts/${admin.user.id}/enable`, second.token);
      admin = {
        ...admin,
        token: await signIn(t.app, { email: admin.user.email, password: admin.password }, '/api/admin-login'),
      };
    }
  });

  it('removes an administrator without recorded actions; one with them can only be disabled', async () => {
    const idle = await createUser(t.db, { role: 'admin' });
    const removed = await call('DELETE', `admin-adminuser/${idle.user.id}`, admin.token);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', `admin-adminuser/${idle.user.id}`, admin.token)).statusCode).toBe(404);

    const active = await createUser(t.db, { role: 'admin' });
    const learner = await createUser(t.db);
    await adjustCredits(t.db, {
      userId: learner.user.id,
      delta: 3,
      reason: 'Goodwill',
      adminId: active.user.id,
      now: nowOf(systemClock),
    });
    const kept = await call('DELETE', `admin-adminuser/${active.user.id}`, admin.token);
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toMatchObject({ message: MESSAGES.adminHasHistory });
    expect((await call('GET', `admin-adminuser/${active.user.id}`, admin.token)).statusCode).toBe(200);
  });
});

describe.each(TEST_DATABASE_KINDS)('disabling a learner on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signedInUser(t.app, t.db, 'admin');
  });
  afterAll(() => t.close());

  it('ends their places in line, so a freed seat goes to someone who can use it', async () => {
    const learner = (await createUser(t.db)).user;
    const full = await createSchedule(t.db, { noOfUsers: 1, seatsTaken: 1 });
    await t.db
      .insert(waitlistEntries)
      .values({ scheduleId: full.id, userId: learner.id, joinedAt: new Date() });
    const disabled = await t.app.inject({
      method: 'POST',
      url: `/api/admin-accounts/${learner.id}/disable`,
      headers: bearer(admin.token),
    });
    expect(disabled.statusCode).toBe(200);
    const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, learner.id));
    expect(entry).toMatchObject({ status: 'removed', endedAt: expect.any(Date) });
  });
});
