import { LEVEL_SOURCES, LEVEL_SUGGESTION_STATUSES } from '@tokenly/contract/levels';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { users } from './users';

// Levels are CEFR ranks, 1 (A1) to 6 (C2), as on users.cefr_level.

/** The placement test's item bank: shipped with the product (bank_key), then the administrator's. */
export const placementItems = pgTable(
  'placement_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // The item's key in the bank shipped with the product; loading the bank again skips those present.
    bankKey: varchar('bank_key', { length: 40 }),
    level: smallint('level').notNull(),
    skill: text('skill', { enum: ['grammar', 'vocabulary', 'reading'] }).notNull(),
    // A reading item's text; the question asks about it.
    passage: varchar('passage', { length: 1200 }),
    question: varchar('question', { length: 300 }).notNull(),
    // The choices in the order shown; `correct` is the index of the one right answer.
    options: jsonb('options').$type<string[]>().notNull(),
    correct: smallint('correct').notNull(),
    // A retired item is never asked again; tests that asked it keep their copy.
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('placement_items_bank_key_unique').on(t.bankKey),
    index('placement_items_level_skill_idx').on(t.level, t.skill),
    check('placement_items_level_check', sql`${t.level} between 1 and 6`),
    check('placement_items_skill_check', sql`${t.skill} in ('grammar', 'vocabulary', 'reading')`),
    check(
      'placement_items_correct_check',
      sql`${t.correct} >= 0 AND ${t.correct} < jsonb_array_length(${t.options})`,
    ),
  ],
);

export type PlacementItemRow = typeof placementItems.$inferSelect;

/** One asked item as the test recorded it: its copy (so later edits change nothing) and the answer. */
export type AskedItem = {
  item_id: number;
  level: number;
  skill: 'grammar' | 'vocabulary' | 'reading';
  passage: string | null;
  question: string;
  options: string[];
  correct: number;
  /** The learner's choice; null until answered. */
  answer: number | null;
};

/** One stage of the adaptive test: the level it asked at and its items. */
export type PlacementStage = { level: number; items: AskedItem[] };

/** One placement test, a visitor's (user_id null until sign-up) or a learner's. */
export const placementTests = pgTable(
  'placement_tests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // The sha256 of the test's token: only its taker holds the token (a visitor sends it with sign-up).
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id').references(() => users.id),
    stages: jsonb('stages').$type<PlacementStage[]>().notNull().default([]),
    resultLevel: smallint('result_level'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    // When the result became the learner's level (at the end, or at sign-up for a visitor).
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('placement_tests_token_hash_unique').on(t.tokenHash),
    index('placement_tests_user_id_finished_at_idx').on(t.userId, t.finishedAt),
    check('placement_tests_result_level_check', sql`${t.resultLevel} between 1 and 6`),
  ],
);

export type PlacementTestRow = typeof placementTests.$inferSelect;

/** Every change of a learner's level, append-only: from, to, where from, by whom, when. */
export const userLevelChanges = pgTable(
  'user_level_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fromLevel: smallint('from_level'),
    toLevel: smallint('to_level').notNull(),
    source: text('source', { enum: LEVEL_SOURCES }).notNull(),
    // The teacher or administrator; null for sign-up and the placement test (the learner themselves).
    changedBy: integer('changed_by').references(() => users.id),
    placementTestId: integer('placement_test_id').references(() => placementTests.id),
    note: varchar('note', { length: 200 }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('user_level_changes_user_id_changed_at_idx').on(t.userId, t.changedAt, t.id),
    check(
      'user_level_changes_source_check',
      sql`${t.source} in ('sign_up', 'placement_test', 'teacher', 'admin')`,
    ),
    check('user_level_changes_from_level_check', sql`${t.fromLevel} between 1 and 6`),
    check('user_level_changes_to_level_check', sql`${t.toLevel} between 1 and 6`),
  ],
);

export type UserLevelChangeRow = typeof userLevelChanges.$inferSelect;

/**
 * A teacher's suggested level for a learner, from a class the learner was booked on: it waits for the
 * administrator, who accepts it (the level changes through the history) or declines it. One waits per
 * learner at a time.
 */
export const levelSuggestions = pgTable(
  'level_suggestions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    suggestedBy: integer('suggested_by')
      .notNull()
      .references(() => users.id),
    // The learner's level when suggested, and the level suggested.
    fromLevel: smallint('from_level'),
    level: smallint('level').notNull(),
    note: varchar('note', { length: 200 }).notNull(),
    status: text('status', { enum: LEVEL_SUGGESTION_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('level_suggestions_pending_unique').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('level_suggestions_status_created_at_idx').on(t.status, t.createdAt),
    check('level_suggestions_level_check', sql`${t.level} between 1 and 6`),
    check('level_suggestions_status_check', sql`${t.status} in ('pending', 'accepted', 'declined')`),
    check('level_suggestions_decided_check', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
  ],
);

export type LevelSuggestionRow = typeof levelSuggestions.$inferSelect;
