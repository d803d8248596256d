import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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

/**
 * A file of a task (set by the teacher) or of a learner's answer: exactly one of the two. Its id is random
 * (the download's address is never guessed) and its bytes are in the file store under `file_key`.
 */
export const homeworkFiles = pgTable(
  'homework_files',
  {
    id: varchar('id', { length: 22 }).primaryKey(),
    taskId: integer('task_id').references(() => homeworkTasks.id),
    submissionId: integer('submission_id').references(() => homeworkSubmissions.id),
    fileKey: text('file_key').notNull(),
    // The name it is downloaded under: the uploader's, with the extension of its content.
    fileName: varchar('file_name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('homework_files_task_idx').on(t.taskId),
    index('homework_files_submission_idx').on(t.submissionId),
    check('homework_files_owner_check', sql`(${t.taskId} is null) <> (${t.submissionId} is null)`),
  ],
);

export type HomeworkFileRow = typeof homeworkFiles.$inferSelect;
