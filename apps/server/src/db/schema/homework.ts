import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schedules } from './schedules';
import { users } from './users';

/** A task the class's teacher (or an administrator) sets for the learners booked on a class. */
export const homeworkTasks = pgTable(
  'homework_tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('homework_tasks_schedule_idx').on(t.scheduleId),
    // The reminder scan reads the tasks falling due.
    index('homework_tasks_due_at_idx').on(t.dueAt),
  ],
);

export type HomeworkTaskRow = typeof homeworkTasks.$inferSelect;

/** A learner's answer to a task (one per learner, rewritten until marked done), and the teacher's review. */
export const homeworkSubmissions = pgTable(
  'homework_submissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => homeworkTasks.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    comment: text('comment'),
    reviewerId: integer('reviewer_id').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('homework_submissions_task_user_unique').on(t.taskId, t.userId),
    index('homework_submissions_user_idx').on(t.userId),
  ],
);

export type HomeworkSubmissionRow = typeof homeworkSubmissions.$inferSelect;
