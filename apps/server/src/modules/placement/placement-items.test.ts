import { levelRank } from '@tokenly/contract/levels';
import { placementStateResponseSchema } from '@tokenly/contract/placement';
import {
  PLACEMENT_MIN_ITEMS_PER_LEVEL,
  placementItemPageResponseSchema,
  placementItemResponseSchema,
} from '@tokenly/contract/placement-items';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { placementItems, placementTests } from '../../db/schema/levels';
import { expectAdminOnly } from '../../test/admin-guard';
import { adminTestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { hashToken } from '../auth/auth-service';

const ITEM = {
  level: 'A2',
  skill: 'vocabulary',
  question: 'I ___ my keys every morning.',
  options: ['lose', 'loses', 'losing'],
  correct: 0,
};

// The administrator's item bank: what the placement test may ask, changed only for tests started after.
describe.each(TEST_DATABASE_KINDS)('placement items on %s', (kind) => {
  const t = adminTestApp(kind);

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/${url}`, payload, headers: t.admin });
  const list = async (query: string) =>
    placementItemPageResponseSchema.parse((await call('GET', `admin-placement-items?${query}`)).json()).data;
  const inUseAt = async (level: number) =>
    t.db.$count(placementItems, and(eq(placementItems.level, level), isNull(placementItems.retiredAt)));

  it('is for administrators only', async () => {
    await expectAdminOnly(t, t.learnerToken, [
      { method: 'GET', url: '/api/admin-placement-items' },
      { method: 'POST', url: '/api/admin-placement-items', payload: ITEM },
      { method: 'PUT', url: '/api/admin-placement-items/1', payload: ITEM },
      { method: 'POST', url: '/api/admin-placement-items/1/retire' },
      { method: 'POST', url: '/api/admin-placement-items/1/restore' },
    ]);
  });

  it('lists the shipped bank by level, skill and status, with the items in use at each level', async () => {
    const a1 = await list('level=A1');
    expect(a1.total).toBeGreaterThanOrEqual(PLACEMENT_MIN_ITEMS_PER_LEVEL);
    expect(a1.data.every((item) => item.level === 'A1' && item.bank_key !== null)).toBe(true);
    expect(a1.in_use_by_level.map((row) => row.level)).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']);
    expect(a1.in_use_by_level[0]?.count).toBe(await inUseAt(1));
    const reading = await list('level=B2&skill=reading');
    expect(reading.data.length).toBeGreaterThan(0);
    expect(reading.data.every((item) => item.skill === 'reading' && item.passage !== null)).toBe(true);
    expect((await list('status=retired')).total).toBe(0);
  });

  it('adds, edits, retires and restores an item, refusing an item with no right answer or no passage', async () => {
    const created = await call('POST', 'admin-placement-items', ITEM);
    expect(created.statusCode, created.body).toBe(201);
    const item = placementItemResponseSchema.parse(created.json()).data;
    expect(item).toMatchObject({ ...ITEM, passage: null, bank_key: null, retired_at: null });

    const edited = await call('PUT', `admin-placement-items/${item.id}`, {
      ...ITEM,
      skill: 'reading',
      passage: 'Tom loses his keys.\nHe looks for them every day.',
      question: 'What does Tom lose?',
      options: ['His keys', 'His phone'],
      correct: 0,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ skill: 'reading', options: ['His keys', 'His phone'] });

    for (const [payload, field] of [
      [{ ...ITEM, correct: 3 }, 'correct'],
      [{ ...ITEM, skill: 'reading' }, 'passage'],
      [{ ...ITEM, options: ['same', 'Same'] }, 'options'],
      [{ ...ITEM, options: ['only one'] }, 'options'],
    ] as const) {
      const refused = await call('PUT', `admin-placement-items/${item.id}`, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(refused.json().errors ?? {}), JSON.stringify(payload)).toContain(field);
    }

    const retired = await call('POST', `admin-placement-items/${item.id}/retire`);
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().data.retired_at).not.toBeNull();
    expect((await list('status=retired')).data.map((row) => row.id)).toContain(item.id);
    const restored = await call('POST', `admin-placement-items/${item.id}/restore`);
    expect(restored.json().data.retired_at).toBeNull();
    expect((await call('POST', 'admin-placement-items/999999/retire')).statusCode).toBe(404);
  });

  it('changes only the tests started afterwards: a test keeps the copy of the question it was asked', async () => {
    const started = placementStateResponseSchema.parse(
      (await t.app.inject({ method: 'POST', url: '/api/placement-tests' })).json(),
    ).data;
    const [test] = await t.db
      .select()
      .from(placementTests)
      .where(eq(placementTests.tokenHash, hashToken(started.token)));
    const askedId = test?.stages[0]?.items[0]?.item_id ?? 0;
    const edited = await call('PUT', `admin-placement-items/${askedId}`, {
      ...ITEM,
      level: 'B1',
      question: 'An edited question?',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const again = placementStateResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/placement-tests/${started.token}` })).json(),
    ).data;
    expect(again.question?.question).toBe(started.question?.question);
    expect(again.question?.question).not.toBe('An edited question?');
  });

  it('keeps enough items in use at every level, even when two administrators retire at once', async () => {
    const level = levelRank('C2');
    for (const question of ['Which is the most formal?', 'Which word fits best?']) {
      expect(
        (await call('POST', 'admin-placement-items', { ...ITEM, level: 'C2', question })).statusCode,
      ).toBe(201);
    }
    const inUse = await t.db
      .select({ id: placementItems.id })
      .from(placementItems)
      .where(and(eq(placementItems.level, level), isNull(placementItems.retiredAt)));
    // Down to one item above the minimum, then two retirements at once: one is refused.
    const spare = inUse.length - PLACEMENT_MIN_ITEMS_PER_LEVEL - 1;
    for (const { id } of inUse.slice(0, spare)) {
      expect((await call('POST', `admin-placement-items/${id}/retire`)).statusCode).toBe(200);
    }
    const [first, second] = inUse.slice(spare);
    const answers = await Promise.all([
      call('POST', `admin-placement-items/${first?.id}/retire`),
      call('POST', `admin-placement-items/${second?.id}/retire`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(
      `C2 keeps at least ${PLACEMENT_MIN_ITEMS_PER_LEVEL} items in use: add another before this one leaves it.`,
    );
    expect(await inUseAt(level)).toBe(PLACEMENT_MIN_ITEMS_PER_LEVEL);
    // Moving an item in use to another level takes it from its own, too.
    const kept = inUse.at(-1)?.id;
    const moved = await call('PUT', `admin-placement-items/${kept}`, { ...ITEM, level: 'B1' });
    expect(moved.statusCode).toBe(409);
  });
});
