import { outboxMailResponseSchema, outboxPageResponseSchema } from '@tokenly/contract/mail';
import { count, eq, inArray } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { auditEvents } from '../../db/schema/audit-events';
import { authSessions } from '../../db/schema/auth-sessions';
import { creditLedger } from '../../db/schema/credit-ledger';
import { creditLots } from '../../db/schema/credit-lots';
import { placementTests } from '../../db/schema/levels';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens';
import { payments } from '../../db/schema/payments';
import { rateLimitCounters } from '../../db/schema/rate-limit-counters';
import { createTokenPlan, createUser } from '../../db/seed/factories';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { grantCredits } from '../credits/credit-service';
import { insertMail } from '../mail/mail-outbox-repository';
import { createRetentionService } from './retention-service';

const DAY = 24 * 60 * 60_000;

describe.each(TEST_DATABASE_KINDS)('retention on %s', (kind) => {
  const clock = new TestClock();
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
    admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
  });
  afterAll(() => t.close());

  /** The sweep job's work (retention.sweep), on the app's database and clock, with the default settings. */
  const sweep = () => {
    const { mailRetentionDays, placementRetentionDays, rateLimits } = loadConfig({});
    return createRetentionService(t.db, {
      clock,
      mailRetentionDays,
      placementRetentionDays,
      rateLimits,
    }).sweep();
  };

  async function mail(tag: string, values: Partial<typeof mailOutbox.$inferInsert> & { ageDays: number }) {
    const at = new Date(clock.now() - values.ageDays * DAY);
    const [row] = await t.db
      .insert(mailOutbox)
      .values({
        event: `retention:${tag}`,
        kind: 'test',
        recipient: `${tag}@example.com`,
        status: 'sent',
        subject: `Subject ${tag}`,
        html: `<p>Body ${tag}</p>`,
        text: `Body ${tag}`,
        headers: { 'Message-ID': `<${tag}@tokenly.test>` },
        attachments: [{ filename: 'class.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
        createdAt: at,
        sentAt: values.status === undefined || values.status === 'sent' ? at : null,
        ...values,
      })
      .returning();
    if (!row) throw new Error('no row');
    return row;
  }

  it('drops the bodies of mails delivered over MAIL_RETENTION_DAYS ago and keeps their rows, subject and key', async () => {
    const old = await mail('old', { ageDays: 91 });
    const recent = await mail('recent', { ageDays: 89 });
    // Never delivered: the admin may still need to read them, whatever their age.
    const kept = await mail('kept', { ageDays: 400, status: 'kept' });
    const failed = await mail('failed', { ageDays: 400, status: 'failed' });

    const first = await sweep();
    expect(first.mailBodies).toBe(1);

    const rows = await t.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, [old.id, recent.id, kept.id, failed.id]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(old.id)).toMatchObject({
      event: old.event,
      kind: old.kind,
      recipient: old.recipient,
      status: 'sent',
      subject: 'Subject old',
      headers: old.headers,
      html: null,
      text: null,
      attachments: [],
      draft: null,
      bodyRemovedAt: new Date(clock.now()),
    });
    for (const untouched of [recent, kept, failed]) expect(byId.get(untouched.id)).toEqual(untouched);

    // The idempotency key still holds: the same event cannot write the same mail again.
    const again = await insertMail(t.db, {
      event: old.event,
      kind: old.kind,
      recipient: old.recipient,
      status: 'queued',
      subject: 'Again',
      html: '<p>Again</p>',
      text: 'Again',
      headers: {},
      attachments: [],
      createdAt: new Date(clock.now()),
    });
    expect(again).toBeUndefined();

    // The Outbox shows the mail, saying its body was removed and after how long.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin-mail-outbox/${old.id}`,
      headers: admin,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(outboxMailResponseSchema.parse(detail.json()).data).toMatchObject({
      subject: 'Subject old',
      body_removed_after_days: 91,
      html: '',
      text: '',
      attachments: [],
      headers: { 'Message-ID': '<old@tokenly.test>' },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin-mail-outbox?page=1', headers: admin });
    const shown = outboxPageResponseSchema.parse(list.json()).data.data;
    expect(shown.find((row) => row.id === recent.id)?.body_removed_after_days).toBeNull();

    // Two days on, the recent one has passed 90 days too; a second sweep of the old one changes nothing.
    await clock.setTime(clock.now() + 2 * DAY);
    expect((await sweep()).mailBodies).toBe(1);
    expect((await sweep()).mailBodies).toBe(0);
  });

  it("purges visitors' placement tests no sign-up took up after PLACEMENT_RETENTION_DAYS (30), never an account's", async () => {
    const { user } = await createUser(t.db);
    const now = clock.now();
    const test = (tag: string, userId: number | null, ageDays: number) => ({
      tokenHash: tag.repeat(64),
      userId,
      startedAt: new Date(now - ageDays * DAY),
    });
    await t.db
      .insert(placementTests)
      .values([test('e', null, 31), test('f', null, 29), test('0', user.id, 400)]);
    expect((await sweep()).placementTests).toBe(1);
    const left = await t.db.select().from(placementTests);
    expect(left.map((row) => row.tokenHash).sort()).toEqual(['0'.repeat(64), 'f'.repeat(64)]);
  });

  it('purges expired sessions, expired reset links and ended rate-limit counters, and nothing financial', async () => {
    const { user } = await createUser(t.db, { name: 'Retention Learner' });
    const now = clock.now();
    await t.db.insert(authSessions).values([
      { userId: user.id, tokenHash: 'a'.repeat(64), expiresAt: new Date(now - 1000) },
      { userId: user.id, tokenHash: 'b'.repeat(64), expiresAt: new Date(now + DAY) },
    ]);
    await t.db.insert(passwordResetTokens).values([
      {
        userId: user.id,
        tokenHash: 'c'.repeat(64),
        expiresAt: new Date(now - 1000),
        createdAt: new Date(now - DAY),
      },
      // Used but not yet expired: opening it again still says it was used.
      {
        userId: user.id,
        tokenHash: 'd'.repeat(64),
        expiresAt: new Date(now + 60_000),
        usedAt: new Date(now - 1000),
        createdAt: new Date(now - 60_000),
      },
    ]);
    await t.db.insert(rateLimitCounters).values([
      { key: 'retention:ended', windowStartedAt: new Date(now - 2 * DAY), hits: 3 },
      { key: 'retention:live', windowStartedAt: new Date(now - 60_000), hits: 1 },
    ]);
    // Money and credits, old enough for any purge: they must all stay.
    const plan = await createTokenPlan(t.db, { tokenTitle: 'Retention Pack' });
    await t.db.insert(payments).values({
      userId: user.id,
      tokenPlanId: plan.id,
      provider: 'demo',
      providerRef: `retention_${kind}`,
      amount: 2800,
      numberToken: 4,
      status: 'succeeded',
      createdAt: new Date(now - 3000 * DAY),
    });
    await grantCredits(t.db, {
      userId: user.id,
      credits: 4,
      expiresAt: new Date(now - 2000 * DAY),
      source: 'grant',
      reason: 'grant',
    });
    const financial = async () =>
      Promise.all(
        [payments, creditLots, creditLedger, auditEvents].map(async (table) => {
          const [row] = await t.db.select({ rows: count() }).from(table);
          return row?.rows;
        }),
      );
    const before = await financial();

    const swept = await sweep();
    expect(swept).toMatchObject({ sessions: 1, resetTokens: 1 });

    expect(
      (await t.db.select().from(authSessions).where(eq(authSessions.userId, user.id))).map(
        (row) => row.tokenHash,
      ),
    ).toEqual(['b'.repeat(64)]);
    expect(
      (await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).map(
        (row) => row.tokenHash,
      ),
    ).toEqual(['d'.repeat(64)]);
    expect(
      (
        await t.db
          .select()
          .from(rateLimitCounters)
          .where(inArray(rateLimitCounters.key, ['retention:ended', 'retention:live']))
      ).map((row) => row.key),
    ).toEqual(['retention:live']);
    expect(await financial()).toEqual(before);
  });
});
