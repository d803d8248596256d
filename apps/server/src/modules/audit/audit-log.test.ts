import { auditPageResponseSchema } from '@tokenly/contract/audit';
import { describe, expect, it } from 'vitest';
import { createSchedule, createUser } from '../../db/seed/factories';
import { expectAdminOnly } from '../../test/admin-guard';
import { adminTestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { insertAuditEvent } from './audit-repository';

// Every administrative change in the audit log, with who, when, what and why.
describe.each(TEST_DATABASE_KINDS)('audit log on %s', (kind) => {
  const t = adminTestApp(kind);

  const log = async (query = '') => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/admin-audit-log${query}`,
      headers: t.admin,
    });
    expect(answer.statusCode).toBe(200);
    return auditPageResponseSchema.parse(answer.json()).data;
  };

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

  it("names each subject as it is now, keeps what a class costs, and filters by actor, kind and the school's days", async () => {
    const schedule = await createSchedule(t.db, { title: `Audited Class ${kind}` });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/admin-course-schedule/${schedule.id}`,
      headers: t.admin,
      payload: {
        course_id: schedule.courseId,
        title: `Renamed Class ${kind}`,
        no_of_users: 9,
        token: 2,
        date: schedule.startsAt.toISOString(),
        allow_teacher_clash: true,
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const learner = (await createUser(t.db, { name: 'Audited Learner' })).user;
    await t.app.inject({
      method: 'POST',
      url: `/api/admin-user-credits/${learner.id}`,
      headers: t.admin,
      payload: { delta: 1, reason: 'Welcome' },
    });

    const { data, actors } = await log();
    const [credits, change] = data;
    expect(credits?.subject).toEqual({
      kind: 'account',
      id: learner.id,
      name: 'Audited Learner',
      role: 'user',
      class_id: null,
    });
    // The class as it is called now, and what it costs as sent: not a secret.
    expect(change).toMatchObject({
      action: 'adminScheduleUpdate',
      subject: { kind: 'class', id: schedule.id, name: `Renamed Class ${kind}`, class_id: schedule.id },
      details: { token: 2, no_of_users: 9 },
    });
    expect(actors).toEqual([{ id: credits?.actor.id, name: 'Test Admin' }]);

    const updates = await log('?action=adminScheduleUpdate');
    expect(updates.data.map((entry) => entry.action)).toEqual(['adminScheduleUpdate']);
    expect((await log(`?actor_id=${credits?.actor.id}`)).total).toBe((await log()).total);
    expect((await log(`?actor_id=${learner.id}`)).total).toBe(0);
    // The school's time zone is UTC here: the entries are all of today.
    const today = (credits?.created_at ?? '').slice(0, 10);
    const tomorrow = new Date(Date.parse(today) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect((await log(`?from=${today}&to=${today}`)).total).toBe((await log()).total);
    expect((await log(`?from=${tomorrow}`)).total).toBe(0);
  });

  it('refuses a kind of change it does not record, and a range that ends before it starts', async () => {
    for (const [query, field] of [
      ['?action=adminAuditLog', 'action'],
      ['?from=2026-05-02&to=2026-05-01', 'to'],
    ] as const) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/admin-audit-log${query}`,
        headers: t.admin,
      });
      expect(answer.statusCode, query).toBe(422);
      expect(Object.keys(answer.json().errors), query).toEqual([field]);
    }
  });

  it('lists every administrator with an entry as an actor, by name, once each', async () => {
    const other = (await createUser(t.db, { role: 'admin', name: 'Another Admin' })).user;
    for (const summary of ['First change', 'Second change']) {
      await insertAuditEvent(t.db, { actorId: other.id, action: 'adminScheduleUpdate', summary });
    }
    const { actors } = await log();
    expect(actors.map((actor) => actor.name)).toEqual(['Another Admin', 'Test Admin']);
    expect(actors[0]?.id).toBe(other.id);
  });
});
