import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { schedules } from './schedules';
import { users } from './users';

export const ROOM_PROVIDERS = ['jitsi', 'bbb'] as const;
export const ROOM_END_REASONS = ['cancelled', 'provider_changed', 'meeting_ended'] as const;

/**
 * A video room made for a class by the school's provider (docs/classroom.md). At most one open room per
 * class; an ended one is kept, so a late callback for it finds what it belongs to.
 */
export const classRooms = pgTable(
  'class_rooms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id),
    provider: text('provider', { enum: ROOM_PROVIDERS }).notNull(),
    // Random, never derived from the class: whoever knows it can enter a room without a token.
    roomName: varchar('room_name', { length: 100 }).notNull(),
    // BigBlueButton's passwords for its two roles; null for Jitsi.
    moderatorPassword: varchar('moderator_password', { length: 64 }),
    attendeePassword: varchar('attendee_password', { length: 64 }),
    // The links written into the class, to tell them from links an administrator typed over them later.
    learnerLink: text('learner_link').notNull(),
    hostLink: text('host_link').notNull(),
    // The start the links were made for: tokens expire around it, so a moved class gets new ones.
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: ROOM_END_REASONS }),
  },
  (t) => [
    uniqueIndex('class_rooms_room_name_unique').on(t.roomName),
    uniqueIndex('class_rooms_open_unique').on(t.scheduleId).where(sql`${t.endedAt} is null`),
    check('class_rooms_provider_check', sql`${t.provider} in ('jitsi', 'bbb')`),
    check('class_rooms_ended_check', sql`(${t.endedAt} is null) = (${t.endReason} is null)`),
  ],
);

export type ClassRoomRow = typeof classRooms.$inferSelect;

/** Who entered a class's room and when: a press of Join, or BigBlueButton's report of who was there. */
export const classJoins = pgTable(
  'class_joins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: ['button', 'bbb'] }).notNull(),
  },
  (t) => [
    index('class_joins_schedule_user_idx').on(t.scheduleId, t.userId),
    check('class_joins_source_check', sql`${t.source} in ('button', 'bbb')`),
  ],
);
