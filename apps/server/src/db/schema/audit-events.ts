import { bigint, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every administrative change (money, credits, classes, accounts, settings), append-only: who
 * made it, which call, on what, and the reason when one was given.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    // The contract's endpoint name, e.g. adminAccountDisable.
    action: text('action').notNull(),
    // The call's path id (the class, account, plan... it changed), when it has one.
    subjectId: integer('subject_id'),
    summary: varchar('summary', { length: 300 }).notNull(),
    reason: varchar('reason', { length: 200 }),
    // What was sent, without secrets, for the record.
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_created_at_idx').on(t.createdAt, t.id),
    index('audit_events_actor_id_idx').on(t.actorId),
    index('audit_events_action_subject_idx').on(t.action, t.subjectId),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
