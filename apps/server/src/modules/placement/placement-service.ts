import { randomBytes, randomInt } from 'node:crypto';
import { type CefrLevel, levelOfRank } from '@tokenly/contract/levels';
import { MESSAGES } from '@tokenly/contract/messages';
import {
  PLACEMENT_MAX_QUESTIONS,
  PLACEMENT_SKILLS,
  PLACEMENT_STAGE_SIZE,
  type PlacementAnswerBody,
  type PlacementState,
} from '@tokenly/contract/placement';
import type { Database } from '../../db/client';
import type { AskedItem, PlacementItemRow, PlacementStage, PlacementTestRow } from '../../db/schema/levels';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { hashToken as hashOf } from '../auth/auth-service';
import type { LevelsService } from '../levels/levels-service';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import {
  activeItemsAt,
  claimVisitorTest,
  findTest,
  insertTest,
  lastFinishedAt,
  updateTest,
} from './placement-repository';
import { FIRST_STAGE_LEVEL, nextStep } from './scoring';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A fair shuffle (Fisher–Yates with the CSPRNG): which items a taker meets is not guessable. */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** A stage's items: two of each skill where the bank has them, the rest from any skill of the level. */
function pickStage(available: PlacementItemRow[]): PlacementItemRow[] {
  const pool = shuffled(available);
  const perSkill = PLACEMENT_STAGE_SIZE / PLACEMENT_SKILLS.length;
  const picked = PLACEMENT_SKILLS.flatMap((skill) =>
    pool.filter((item) => item.skill === skill).slice(0, perSkill),
  );
  const rest = pool.filter((item) => !picked.includes(item));
  return [...picked, ...rest].slice(0, PLACEMENT_STAGE_SIZE);
}

/** The copy a test keeps of an item: later edits or retirement change nothing it scored. */
const asked = (item: PlacementItemRow): AskedItem => ({
  item_id: item.id,
  level: item.level,
  skill: item.skill,
  passage: item.passage,
  question: item.question,
  options: item.options,
  correct: item.correct,
  answer: null,
});

const allItems = (stages: PlacementStage[]) => stages.flatMap((stage) => stage.items);

export function createPlacementService(
  db: Database,
  options: {
    clock: Clock;
    settings: SchoolSettingsSource;
    levels: Pick<LevelsService, 'record'>;
    ensureBank: () => Promise<void>;
  },
) {
  const { ensureBank } = options;

  async function stageAt(tx: Database, level: number, stages: PlacementStage[]): Promise<PlacementStage> {
    const seen = allItems(stages).map((item) => item.item_id);
    const items = pickStage(await activeItemsAt(tx, level, seen));
    if (items.length < PLACEMENT_STAGE_SIZE)
      throw new AppError('SERVICE_UNAVAILABLE', MESSAGES.placementNoItems);
    return { level, items: items.map(asked) };
  }

  function toState(row: PlacementTestRow, token: string): PlacementState {
    const items = allItems(row.stages);
    const answered = items.filter((item) => item.answer !== null).length;
    const current = row.finishedAt ? undefined : items.find((item) => item.answer === null);
    const level = levelOfRank(row.resultLevel);
    return {
      token,
      max_questions: PLACEMENT_MAX_QUESTIONS,
      answered,
      question: current
        ? {
            number: answered + 1,
            skill: current.skill,
            passage: current.passage,
            question: current.question,
            options: current.options,
          }
        : null,
      result:
        level && row.finishedAt
          ? { level, finished_at: row.finishedAt.toISOString(), recorded: row.recordedAt !== null }
          : null,
    };
  }

  async function load(token: string, tx: Database = db, lock = false): Promise<PlacementTestRow> {
    const row = await findTest(tx, hashOf(token), { lock });
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.placementTestNotFound);
    return row;
  }

  return {
    /**
     * A new test, from B1. A learner may start one once the school's days have passed since their last
     * result; a visitor's test is anyone's, and becomes a learner's level only through sign-up.
     */
    async start(viewer: Pick<UserRow, 'id' | 'role'> | null): Promise<PlacementState> {
      await ensureBank();
      const now = nowOf(options.clock);
      const learnerId = viewer?.role === 'user' ? viewer.id : null;
      if (learnerId !== null) {
        const [last, school] = await Promise.all([lastFinishedAt(db, learnerId), options.settings.current()]);
        const until = last ? last.getTime() + school.placementRetakeDays * DAY_MS : 0;
        if (until > now.getTime()) {
          throw AppError.of('CONFLICT', 'placementRetakeTooSoon', {
            days: Math.ceil((until - now.getTime()) / DAY_MS),
          });
        }
      }
      const token = randomBytes(32).toString('base64url');
      const first = await stageAt(db, FIRST_STAGE_LEVEL, []);
      const row = await insertTest(db, {
        tokenHash: hashOf(token),
        userId: learnerId,
        stages: [first],
        startedAt: now,
      });
      return toState(row, token);
    },

    async state(token: string): Promise<PlacementState> {
      return toState(await load(token), token);
    },

    /**
     * Scores the current question on the server. A stage's last answer decides the next stage or the
     * result; a learner's result becomes their level at once. An answer for a question already answered
     * (a double click) changes nothing and returns where the test is.
     */
    async answer(token: string, body: PlacementAnswerBody): Promise<PlacementState> {
      const number = Number(body.number);
      const choice = Number(body.answer);
      const row = await db.transaction(async (tx) => {
        const test = await load(token, tx, true);
        if (test.finishedAt) throw new AppError('CONFLICT', MESSAGES.placementTestFinished);
        const items = allItems(test.stages);
        const answered = items.filter((item) => item.answer !== null).length;
        if (number <= answered) return test;
        const current = items[answered];
        if (number !== answered + 1 || !current) {
          throw new AppError('CONFLICT', MESSAGES.placementOutOfTurn);
        }
        if (choice >= current.options.length) {
          throw new AppError('VALIDATION', MESSAGES.placementChooseAnswer, {
            answer: [MESSAGES.placementChooseAnswer],
          });
        }
        current.answer = choice;
        const stage = test.stages.at(-1) as PlacementStage;
        const now = nowOf(options.clock);
        const values: Parameters<typeof updateTest>[2] = { stages: test.stages };
        if (stage.items.every((item) => item.answer !== null)) {
          const step = nextStep(
            test.stages.map((s) => ({
              level: s.level,
              right: s.items.filter((item) => item.answer === item.correct).length,
            })),
          );
          if ('next' in step) test.stages.push(await stageAt(tx, step.next, test.stages));
          else {
            values.resultLevel = step.result;
            values.finishedAt = now;
            if (test.userId !== null) {
              values.recordedAt = now;
              await options.levels.record(tx, {
                userId: test.userId,
                level: levelOfRank(step.result) as CefrLevel,
                source: 'placement_test',
                placementTestId: test.id,
              });
            }
          }
        }
        await updateTest(tx, test.id, values);
        return { ...test, ...values };
      });
      return toState(row, token);
    },

    /**
     * At sign-up, in its transaction: a visitor's finished test becomes the new learner's, and its result
     * their level. False when the token names no finished test still unclaimed.
     */
    async claim(tx: Database, token: string, userId: number): Promise<boolean> {
      const test = await claimVisitorTest(tx, hashOf(token), userId, nowOf(options.clock));
      if (!test || test.resultLevel === null) return false;
      await options.levels.record(tx, {
        userId,
        level: levelOfRank(test.resultLevel) as CefrLevel,
        source: 'placement_test',
        placementTestId: test.id,
      });
      return true;
    },
  };
}

export type PlacementService = ReturnType<typeof createPlacementService>;
