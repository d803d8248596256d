import {
  PLACEMENT_MAX_QUESTIONS,
  PLACEMENT_STAGE_PASS,
  PLACEMENT_STAGE_SIZE,
} from '@tokenly/contract/placement';

// The adaptive rule, a staircase. Each stage asks PLACEMENT_STAGE_SIZE items at one level; the first is
// at B1 (rank 3), a pass (PLACEMENT_STAGE_PASS right) moves up one level and a fail down one, for five
// stages, or until a pass at C2 or a fail at A1 ends it early. Near the learner's level the stairs go up
// and down, so that level is asked more than once: the result is the highest level passed on all its
// answers together (two thirds right) with every lower level asked passed too, and one below the lowest
// level asked when none is. A lucky guess or a slip in one stage rarely moves the result (scoring.test
// simulates learners of every level).

export const FIRST_STAGE_LEVEL = 3;
export const STAGES = PLACEMENT_MAX_QUESTIONS / PLACEMENT_STAGE_SIZE;

export type StageScore = { level: number; right: number };

export type NextStep = { next: number } | { result: number };

const passes = (right: number, asked: number) => right * PLACEMENT_STAGE_SIZE >= PLACEMENT_STAGE_PASS * asked;

/** The level the answers so far place the learner at. */
export function placedLevel(stages: StageScore[]): number {
  const asked = [...new Set(stages.map((stage) => stage.level))].sort((a, b) => a - b);
  let placed = Math.max(1, (asked[0] ?? FIRST_STAGE_LEVEL) - 1);
  for (const level of asked) {
    const at = stages.filter((stage) => stage.level === level);
    const right = at.reduce((sum, stage) => sum + stage.right, 0);
    if (!passes(right, at.length * PLACEMENT_STAGE_SIZE)) break;
    placed = level;
  }
  return placed;
}

/** What follows these finished stages: the level of the next stage, or the test's result. */
export function nextStep(stages: StageScore[]): NextStep {
  const last = stages.at(-1);
  if (!last) return { next: FIRST_STAGE_LEVEL };
  const passed = passes(last.right, PLACEMENT_STAGE_SIZE);
  if ((passed && last.level === 6) || (!passed && last.level === 1) || stages.length >= STAGES) {
    return { result: placedLevel(stages) };
  }
  return { next: passed ? last.level + 1 : last.level - 1 };
}
