import { auditPageResponseSchema } from '@tokenly/contract/audit';
import { describe, expect, it } from 'vitest';
import { createSchedule, createUser } from '../../db/seed/factories';
import { expectAdminOnly } from '../../test/admin-guard';
import { adminTestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

// Every administrative change in the audit log, with who, when, what and why.
describe.each(TEST_DATABASE_KINDS)('audit log on %s', (kind) => {
  const t = adminTestApp(kind);

  const log = async () =>
    auditPageResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin-audit-log', headers: t.admin })).json(),
    ).data;

  it('is for admins only', async () => {
    await expectAdminOnly(t, t.learnerToken, [{ method: 'GET', url: '/api/admin-audit-log' }]);
  });

  it('records successful admin writes with actor, subject and reason, never a secret, and no refusal', async () => {
    const learner = (await createUser(t.db)).user;
    const adjusted = await t.app.inject({
      method: 'POST',
      url: `/api/admin-user-credits/${learner.id}`,
      headers: t.admin,
      payload: { delta: 3, reason: 'Goodwill for a dropped call' },
    });
    expect(adjusted.statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin-adminuser',
      headers: t.admin,
      payload: { name: 'Audited Admin', email: `audited-${kind}@tokenly.test`, password: 'Secret pass 123' },
    });
    expect(created.statusCode).toBe(201);
    // Refused writes change nothing, so they are not in the log.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin-user-credits/${learner.id}`,
      headers: t.admin,
      payload: { delta: 0, reason: 'nothing' },
    });
    expect(refused.statusCode).toBe(422);
    // Reads are not changes.
    await t.app.inject({ method: 'GET', url: '/api/admin-user-list', headers: t.admin });

    const { data, total } = await log();
    expect(total).toBe(2);
    const [admin, credits] = data;
    expect(admin).toMatchObject({
      action: 'adminAdminCreate',
      subject_id: created.json<{ data: { id: number } }>().data.id,
      summary: 'Add an administrator',
      reason: null,
      details: { name: 'Audited Admin', email: `audited-${kind}@tokenly.test`, password: '[redacted]' },
    });
    expect(JSON.stringify(admin)).not.toContain('Secret pass 123');
    expect(credits).toMatchObject({
      action: 'adminUserCreditsAdjust',
      subject_id: learner.id,
      reason: 'Goodwill for a dropped call',
      details: { delta: 3 },
      actor: { name: 'Test Admin' },
    });
    expect(Date.parse(credits?.created_at ?? '')).not.toBeNaN();
  });

  it('keeps no body for a call that reads none', async () => {
    const schedule = await createSchedule(t.db);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin-course-schedule/${schedule.id}/cancel`,
      headers: t.admin,
      payload: { junk: 'x'.repeat(10_000), reason: 'not read' },
    });
    expect(cancelled.statusCode).toBe(200);
    const [entry] = (await log()).data;
    expect(entry).toMatchObject({
      action: 'adminScheduleCancel',
      subject_id: schedule.id,
      details: null,
      reason: null,
    });
  });
});
