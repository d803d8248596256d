import { DEMO_CARDS } from '@tokenly/contract/checkout';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoGatewayObjects } from '../../db/schema/demo-gateway-objects';
import { subscriptions } from '../../db/schema/subscriptions';
import { createTokenPlan } from '../../db/seed/factories';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import {
  creditsOf,
  demoPaymentMethod,
  newMembership,
  payByDemoCard,
  recordOneTime,
  subscribe,
} from './checkout-test-kit';

// Row locks and many connections: PostgreSQL only (the pool has 10 connections, PGlite has one).
describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('payment grant races on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(() => t.close());

  it('grants exactly once for 20 concurrent one-time-payment calls with one payment id', async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    const plan = await createTokenPlan(t.db, { tokenCredit: 8, amount: 5000 });
    const { paymentId } = await payByDemoCard(t.app, token, plan);

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => recordOneTime(t.app, token, plan, paymentId)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const granted = responses.filter((response) => response.json().data.granted === true);
    expect(granted).toHaveLength(1);
    expect(await creditsOf(t.db, user.id)).toEqual({ balance: 8, payments: 1, grants: 1, mismatches: [] });
  });

  it('grants each of many payments once while they race each other', async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    const plan = await createTokenPlan(t.db, { tokenCredit: 3, amount: 1500 });
    const paid = await Promise.all(Array.from({ length: 5 }, () => payByDemoCard(t.app, token, plan)));
    await Promise.all(
      paid.flatMap(({ paymentId }) =>
        Array.from({ length: 4 }, () => recordOneTime(t.app, token, plan, paymentId)),
      ),
    );
    expect(await creditsOf(t.db, user.id)).toEqual({ balance: 15, payments: 5, grants: 5, mismatches: [] });
  });

  it('starts, charges and grants one subscription when one learner subscribes to a plan 10 times at once', async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    const plan = await newMembership(t.db);
    const card = await demoPaymentMethod(t.app, token, DEMO_CARDS.succeeds);

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => subscribe(t.app, token, plan, card)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const atProvider = await t.db
      .select()
      .from(demoGatewayObjects)
      .where(eq(demoGatewayObjects.userId, user.id));
    expect(atProvider.filter((object) => object.kind === 'subscription')).toHaveLength(1);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
    expect(await creditsOf(t.db, user.id)).toEqual({ balance: 8, payments: 1, grants: 1, mismatches: [] });
  });
});
