// The learning path's six CEFR levels on learners and class types, in plain values: the web's first pages
// (the session, the home calendar) read them without pulling zod into their chunks; the schemas are in
// levels.ts. The database keeps a level as its rank (1 = A1 .. 6 = C2), so a range is two numbers and
// "within it" is a comparison.

export const CEFR_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type CefrLevel = (typeof CEFR_LEVELS)[number];

/** A level's rank, 1 (A1) to 6 (C2). */
export const levelRank = (level: CefrLevel): number => CEFR_LEVELS.indexOf(level) + 1;
/** The level of a rank 1..6; null for none. */
export const levelOfRank = (rank: number | null): CefrLevel | null =>
  rank === null ? null : (CEFR_LEVELS[rank - 1] ?? null);

/** SPEC.md's sign-up answer (1 Beginner, 2 Intermediate, 3 Advanced) until a better source exists. */
export const SIGN_UP_LEVELS: Record<number, CefrLevel> = { 1: 'A1', 2: 'B1', 3: 'C1' };

/** Where a learner's level came from. */
export const LEVEL_SOURCES = ['sign_up', 'placement_test', 'teacher', 'admin'] as const;
export type LevelSource = (typeof LEVEL_SOURCES)[number];

/** A class type's levels: from..to inclusive, or both null for all levels. */
export type LevelRange = { level_min: CefrLevel | null; level_max: CefrLevel | null };

/** "A2–B1", "B1", or null for all levels (the caller names that in its language). */
export function levelRangeLabel({ level_min, level_max }: LevelRange): string | null {
  if (level_min === null || level_max === null) return null;
  return level_min === level_max ? level_min : `${level_min}–${level_max}`;
}

/** Whether a learner of `level` fits the range; a class for all levels, or a learner without one, fits. */
export function levelFits(level: CefrLevel | null, range: LevelRange): boolean {
  if (level === null || range.level_min === null || range.level_max === null) return true;
  const rank = levelRank(level);
  return rank >= levelRank(range.level_min) && rank <= levelRank(range.level_max);
}

/** What the school does when a learner books a class outside their level. */
export const LEVEL_RULES = ['warn', 'refuse', 'off'] as const;
export type LevelRule = (typeof LEVEL_RULES)[number];
