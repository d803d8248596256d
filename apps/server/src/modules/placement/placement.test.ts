import { CEFR_LEVELS, levelRank } from '@tokenly/contract/levels';
import { MESSAGES } from '@tokenly/contract/messages';
import {
  PLACEMENT_MAX_QUESTIONS,
  PLACEMENT_SKILLS,
  PLACEMENT_STAGE_SIZE,
  type PlacementState,
  placementStateResponseSchema,
} from '@tokenly/contract/placement';
import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placementItems, placementTests } from '../../db/schema/levels';
import { users } from '../../db/schema/users';
import { createUser } from '../../db/seed/factories';
import { nowOf } from '../../lib/clock';
import {
  adminTestApp,
  bearer,
  createTestApp,
  RELAXED_RATE_LIMITS,
  signedInUser,
  signIn,
  type TestApp,
} from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { hashToken } from '../auth/auth-service';
import { ITEM_BANK } from './item-bank';
import { nextStep } from './scoring';

/** A small seeded generator (mulberry32), so a simulated learner answers the same way every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** How often a learner of `learner` answers an item of `item` right (ranks): sure below, guessing above. */
const chanceRight = (learner: number, item: number) =>
  item < learner ? 0.92 : item === learner ? 0.8 : item === learner + 1 ? 0.3 : 0.25;

describe('the item bank', () => {
  it('has at least 20 items a level, every skill at every level, unique keys, and one right answer each', () => {
    for (const level of CEFR_LEVELS) {
      const items = ITEM_BANK.filter((item) => item.level === level);
      expect(items.length, level).toBeGreaterThanOrEqual(20);
      for (const skill of PLACEMENT_SKILLS) {
        expect(
          items.filter((item) => item.skill === skill).length,
          `${level} ${skill}`,
        ).toBeGreaterThanOrEqual(6);
      }
    }
    expect(new Set(ITEM_BANK.map((item) => item.key)).size).toBe(ITEM_BANK.length);
    // A question names its item (the end-to-end test finds its answer by it).
    expect(new Set(ITEM_BANK.map((item) => item.question)).size).toBe(ITEM_BANK.length);
    for (const item of ITEM_BANK) {
      expect(
        item.options.filter((option) => option === item.answer),
        item.key,
      ).toHaveLength(1);
      expect(new Set(item.options).size, item.key).toBe(item.options.length);
      expect(item.options.length, item.key).toBeGreaterThanOrEqual(3);
      expect(PLACEMENT_SKILLS).toContain(item.skill);
      expect(item.skill === 'reading', item.key).toBe(item.passage !== undefined);
      // A gap-fill shows its gap; a reading question asks one.
      if (item.skill === 'reading') expect(item.question.endsWith('?'), item.key).toBe(true);
    }
  });
});

describe('the adaptive rule', () => {
  const run = (answerRight: (level: number) => boolean) => {
    const stages: { level: number; right: number }[] = [];
    for (;;) {
      const step = nextStep(stages);
      if ('result' in step) return { result: step.result, asked: stages.length * PLACEMENT_STAGE_SIZE };
      let right = 0;
      for (let i = 0; i < PLACEMENT_STAGE_SIZE; i++) if (answerRight(step.next)) right += 1;
      stages.push({ level: step.next, right });
    }
  };

  it('places every answer right at C2 and every answer wrong at A1, within the question limit', () => {
    expect(run(() => true)).toEqual({ result: 6, asked: 24 });
    expect(run(() => false)).toEqual({ result: 1, asked: 18 });
  });

  it('places a simulated learner of each level within one level of it, over many seeded runs', () => {
    // Seeded, so the figures are the same every run: a guessing learner is sometimes lucky, and the
    // staircase asks again near the boundary, so at least 99 % land within one level and most exactly.
    const RUNS = 1000;
    for (let learner = 1; learner <= 6; learner++) {
      let withinOne = 0;
      let exact = 0;
      for (let seed = 1; seed <= RUNS; seed++) {
        const random = seeded(seed * 10 + learner);
        const { result, asked } = run((level) => random() < chanceRight(learner, level));
        if (Math.abs(result - learner) <= 1) withinOne += 1;
        if (result === learner) exact += 1;
        expect(asked).toBeLessThanOrEqual(PLACEMENT_MAX_QUESTIONS);
      }
      expect(withinOne / RUNS, `learner ${learner}`).toBeGreaterThanOrEqual(0.99);
      expect(exact / RUNS, `learner ${learner}`).toBeGreaterThanOrEqual(0.8);
    }
  });
});

describe.each(TEST_DATABASE_KINDS)('the placement test on %s', (kind) => {
  const clock = new TestClock();
  const t = adminTestApp(kind, { clock });

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers });

  const stateOf = (response: { json: () => unknown }) =>
    placementStateResponseSchema.parse(response.json()).data;

  /** The right answer of the question shown, read from the test's own record (never sent to the client). */
  async function rightAnswer(state: PlacementState) {
    const [row] = await t.db
      .select()
      .from(placementTests)
      .where(eq(placementTests.tokenHash, hashToken(state.token)));
    const item = row?.stages.flatMap((stage) => stage.items).find((asked) => asked.answer === null);
    if (!item) throw new Error('no question to answer');
    return item;
  }

  /** Takes a whole test, choosing each answer with `choose`; returns its end. */
  async function take(
    headers: Record<string, string>,
    choose: (item: { level: number; correct: number; options: string[] }) => number,
  ) {
    const started = await post('placement-tests', undefined, headers);
    expect(started.statusCode).toBe(201);
    let state = stateOf(started);
    while (state.question) {
      const item = await rightAnswer(state);
      const answered = await post(`placement-tests/${state.token}/answer`, {
        number: state.question.number,
        answer: choose(item),
      });
      expect(answered.statusCode).toBe(200);
      state = stateOf(answered);
    }
    return state;
  }

  it('never sends which answer is right, and places all right at C1 or above, all wrong at A1', async () => {
    const started = await post('placement-tests');
    expect(started.body).not.toMatch(/correct/);
    expect(Object.keys(stateOf(started).question ?? {}).sort()).toEqual([
      'number',
      'options',
      'passage',
      'question',
      'skill',
    ]);
    const best = await take({}, (item) => item.correct);
    expect(levelRank(best.result?.level ?? 'A1')).toBeGreaterThanOrEqual(5);
    expect(best.answered).toBeLessThanOrEqual(PLACEMENT_MAX_QUESTIONS);
    const worst = await take({}, (item) => (item.correct + 1) % item.options.length);
    expect(worst.result?.level).toBe('A1');
    // A finished test takes no more answers; a visitor's result is no one's level yet.
    expect(worst.result?.recorded).toBe(false);
    expect((await post(`placement-tests/${worst.token}/answer`, { number: 1, answer: 0 })).statusCode).toBe(
      409,
    );
  });

  it('lands a simulated learner of each level (seeded answers by item difficulty) within one level', async () => {
    for (let learner = 1; learner <= 6; learner++) {
      const random = seeded(learner * 7919);
      const done = await take({}, (item) =>
        random() < chanceRight(learner, item.level) ? item.correct : (item.correct + 1) % item.options.length,
      );
      expect(
        Math.abs(levelRank(done.result?.level ?? 'A1') - learner),
        `learner ${learner}`,
      ).toBeLessThanOrEqual(1);
    }
  });

  it('keeps a result as scored when the school later edits or retires the items it asked', async () => {
    const done = await take({}, (item) => item.correct);
    const [row] = await t.db
      .select()
      .from(placementTests)
      .where(eq(placementTests.tokenHash, hashToken(done.token)));
    const ids = row?.stages.flatMap((stage) => stage.items.map((item) => item.item_id)) ?? [];
    for (const id of ids) {
      await t.db
        .update(placementItems)
        .set({ correct: 0, retiredAt: nowOf(clock) })
        .where(eq(placementItems.id, id));
    }
    const again = stateOf(await t.app.inject({ method: 'GET', url: `/api/placement-tests/${done.token}` }));
    expect(again.result).toEqual(done.result);
    await t.db
      .update(placementItems)
      .set({ retiredAt: null })
      .where(eq(placementItems.retiredAt, nowOf(clock)));
    // Put the right answers back as the bank has them.
    for (const item of ITEM_BANK) {
      await t.db
        .update(placementItems)
        .set({ correct: item.options.indexOf(item.answer) })
        .where(eq(placementItems.bankKey, item.key));
    }
  });

  it("keeps a visitor's result through sign-up, and makes a learner wait the school's days to retake", async () => {
    const done = await take({}, (item) =>
      item.level <= 4 ? item.correct : (item.correct + 1) % item.options.length,
    );
    expect(done.result?.level).toBe('B2');
    const registered = await post('register', {
      name: 'Ana Costa',
      email: 'ana.placement@tokenly.test',
      password: 'Correct-Horse-42',
      password_confirmation: 'Correct-Horse-42',
      level: 1,
      placement_token: done.token,
    });
    expect(registered.statusCode).toBe(201);
    const { access_token: token, data: user } = registered.json();
    expect(user.cefr_level).toBe('B2');
    const history = (
      await t.app.inject({ method: 'GET', url: '/api/user-level', headers: bearer(token) })
    ).json().data.history;
    expect(
      history.map((change: { source: string; to_level: string }) => [change.source, change.to_level]),
    ).toEqual([
      ['placement_test', 'B2'],
      ['sign_up', 'A1'],
    ]);
    // The token is spent: nobody else's sign-up takes the result again.
    const [test] = await t.db
      .select()
      .from(placementTests)
      .where(eq(placementTests.tokenHash, hashToken(done.token)));
    expect(test?.userId).toBe(user.id);

    // A learner's own test is recorded at once, and the next waits 30 days (the default).
    const { user: learner, password } = await createUser(t.db, { cefrLevel: 1 });
    const headers = bearer(await signIn(t.app, { email: learner.email, password }));
    const own = await take(headers, (item) => item.correct);
    expect(own.result?.recorded).toBe(true);
    const [after] = await t.db.select({ level: users.cefrLevel }).from(users).where(eq(users.id, learner.id));
    expect(after?.level).toBe(levelRank(own.result?.level ?? 'A1'));
    const early = await post('placement-tests', undefined, headers);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'placementRetakeTooSoon', values: { days: 30 } });
    await clock.setTime(clock.now() + 30 * 24 * 60 * 60 * 1000);
    expect((await post('placement-tests', undefined, headers)).statusCode).toBe(201);
  });
});

describe.each(TEST_DATABASE_KINDS)('placement test starts on %s', (kind) => {
  const DAY_MS = 24 * 60 * 60_000;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      rateLimits: {
        ...RELAXED_RATE_LIMITS,
        placement: { client: { max: 3, windowMs: DAY_MS }, account: { max: 2, windowMs: DAY_MS } },
      },
    });
  });
  afterAll(() => t.close());

  const start = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/placement-tests', remoteAddress, headers });

  it('are limited per client and per signed-in account, with a clear error', async () => {
    const learner = bearer((await signedInUser(t.app, t.db)).token);
    expect((await start('10.0.0.1', learner)).statusCode).toBe(201);
    expect((await start('10.0.0.1', learner)).statusCode).toBe(201);
    // The account's budget is spent, wherever it starts from.
    const refused = await start('10.0.0.9', learner);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: MESSAGES.tooManyPlacementTests,
      errorMessage: MESSAGES.tooManyPlacementTests,
      code: 'tooManyPlacementTests',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
    // A visitor on the first client has one start left of its three; another client is not touched.
    expect((await start('10.0.0.1')).statusCode).toBe(201);
    expect((await start('10.0.0.1')).statusCode).toBe(429);
    expect((await start('10.0.0.2')).statusCode).toBe(201);
  });
});
