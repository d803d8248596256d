import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNull,
  lte,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import {
  type HomeworkFileRow,
  homeworkFiles,
  homeworkSubmissions,
  homeworkTasks,
} from '../../db/schema/homework';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { schedules } from '../../db/schema/schedules';
import { users } from '../../db/schema/users';
import { wantsMail } from '../mail/mail-preferences-repository';

const author = alias(users, 'homework_author');
const learner = alias(users, 'homework_learner');
const reviewer = alias(users, 'homework_reviewer');

const taskColumns = {
  ...getTableColumns(homeworkTasks),
  classTitle: schedules.title,
  classStartsAt: schedules.startsAt,
  authorName: author.name,
};

const submissionColumns = {
  ...getTableColumns(homeworkSubmissions),
  learnerName: learner.name,
  reviewerName: reviewer.name,
};

const tasksWithClass = (db: Database) =>
  db
    .select(taskColumns)
    .from(homeworkTasks)
    .innerJoin(schedules, eq(schedules.id, homeworkTasks.scheduleId))
    .innerJoin(author, eq(author.id, homeworkTasks.authorId));

export type TaskRow = Awaited<ReturnType<typeof listClassTasks>>[number];

export function listClassTasks(db: Database, scheduleId: number) {
  return tasksWithClass(db)
    .where(eq(homeworkTasks.scheduleId, scheduleId))
    .orderBy(asc(homeworkTasks.dueAt), asc(homeworkTasks.id));
}

export async function findTask(db: Database, taskId: number): Promise<TaskRow | undefined> {
  const [row] = await tasksWithClass(db).where(eq(homeworkTasks.id, taskId));
  return row;
}

export async function insertTask(db: Database, values: typeof homeworkTasks.$inferInsert): Promise<number> {
  const [row] = await db.insert(homeworkTasks).values(values).returning({ id: homeworkTasks.id });
  if (!row) throw new Error('the homework task was not written');
  return row.id;
}

const submissionsWithNames = (db: Database) =>
  db
    .select(submissionColumns)
    .from(homeworkSubmissions)
    .innerJoin(learner, eq(learner.id, homeworkSubmissions.userId))
    .leftJoin(reviewer, eq(reviewer.id, homeworkSubmissions.reviewerId));

export type SubmissionRow = Awaited<ReturnType<typeof listSubmissions>>[number];

/** The answers to these tasks; `userId` keeps one learner's own. */
export function listSubmissions(db: Database, taskIds: number[], userId?: number) {
  return submissionsWithNames(db)
    .where(
      and(
        inArray(homeworkSubmissions.taskId, taskIds.length > 0 ? taskIds : [0]),
        userId === undefined ? undefined : eq(homeworkSubmissions.userId, userId),
      ),
    )
    .orderBy(asc(learner.name), asc(homeworkSubmissions.id));
}

export async function findSubmission(db: Database, id: number): Promise<SubmissionRow | undefined> {
  const [row] = await submissionsWithNames(db).where(eq(homeworkSubmissions.id, id));
  return row;
}

/** The tasks of the classes a learner is booked on (one class's, or all), latest due first. */
export function listLearnerTasks(db: Database, userId: number, scheduleId?: number) {
  return tasksWithClass(db)
    .innerJoin(
      bookings,
      and(
        eq(bookings.scheduleId, homeworkTasks.scheduleId),
        eq(bookings.userId, userId),
        eq(bookings.status, 'booked'),
      ),
    )
    .where(scheduleId === undefined ? undefined : eq(homeworkTasks.scheduleId, scheduleId))
    .orderBy(desc(homeworkTasks.dueAt), desc(homeworkTasks.id));
}

/** A learner's answer: written, or rewritten while it is not marked done; undefined once it is. */
export async function upsertSubmission(
  db: Database,
  values: { taskId: number; userId: number; text: string; at: Date },
): Promise<number | undefined> {
  const [row] = await db
    .insert(homeworkSubmissions)
    .values({ taskId: values.taskId, userId: values.userId, text: values.text, submittedAt: values.at })
    .onConflictDoUpdate({
      target: [homeworkSubmissions.taskId, homeworkSubmissions.userId],
      set: { text: values.text, submittedAt: values.at },
      setWhere: isNull(homeworkSubmissions.doneAt),
    })
    .returning({ id: homeworkSubmissions.id });
  return row?.id;
}

export async function reviewSubmission(
  db: Database,
  id: number,
  review: { comment: string; done: boolean; reviewerId: number; at: Date },
) {
  await db
    .update(homeworkSubmissions)
    .set({
      comment: review.comment === '' ? null : review.comment,
      reviewerId: review.reviewerId,
      reviewedAt: review.at,
      // Marking done again keeps the first time it was marked.
      doneAt: review.done
        ? sql`coalesce(${homeworkSubmissions.doneAt}, ${review.at.toISOString()}::timestamptz)`
        : null,
    })
    .where(eq(homeworkSubmissions.id, id));
}

/**
 * The learners to remind of a task falling due between `now` and `by`: still booked on a class still on,
 * with no answer yet, wanting class reminders, and not reminded of it before. Their bookings are locked
 * (rows another scan holds are skipped): the caller writes the mails in the same transaction, so two
 * scans never pick the same learner.
 */
export function lockDueHomeworkReminders(db: Database, due: { now: Date; by: Date; limit: number }) {
  return db
    .select({ task: homeworkTasks, classTitle: schedules.title, userId: bookings.userId })
    .from(homeworkTasks)
    .innerJoin(schedules, eq(schedules.id, homeworkTasks.scheduleId))
    .innerJoin(bookings, eq(bookings.scheduleId, homeworkTasks.scheduleId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        gt(homeworkTasks.dueAt, due.now),
        lte(homeworkTasks.dueAt, due.by),
        eq(bookings.status, 'booked'),
        eq(schedules.status, 'scheduled'),
        // Homework reminders go with the class reminders' switch (Settings, or the mail's one-click link).
        wantsMail('class-reminder'),
        isNull(users.disabledAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(homeworkSubmissions)
            .where(
              and(
                eq(homeworkSubmissions.taskId, homeworkTasks.id),
                eq(homeworkSubmissions.userId, bookings.userId),
              ),
            ),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(mailOutbox)
            .where(
              and(
                // homeworkReminderEvent's `homework:<task>:<learner>`.
                eq(mailOutbox.event, sql`'homework:' || ${homeworkTasks.id} || ':' || ${bookings.userId}`),
                eq(mailOutbox.kind, 'homework-reminder'),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(homeworkTasks.dueAt), asc(bookings.id))
    .limit(due.limit)
    .for('update', { of: bookings, skipLocked: true });
}

export async function insertFile(db: Database, values: typeof homeworkFiles.$inferInsert) {
  await db.insert(homeworkFiles).values(values);
}

export async function findFile(db: Database, id: string): Promise<HomeworkFileRow | undefined> {
  const [row] = await db.select().from(homeworkFiles).where(eq(homeworkFiles.id, id));
  return row;
}

/** The files of these tasks and of these answers, oldest first. */
export function listFiles(db: Database, owners: { taskIds: number[]; submissionIds: number[] }) {
  const none = [0];
  return db
    .select()
    .from(homeworkFiles)
    .where(
      or(
        inArray(homeworkFiles.taskId, owners.taskIds.length > 0 ? owners.taskIds : none),
        inArray(homeworkFiles.submissionId, owners.submissionIds.length > 0 ? owners.submissionIds : none),
      ),
    )
    .orderBy(asc(homeworkFiles.createdAt), asc(homeworkFiles.id));
}

/** Whether the learner is booked on the class of this task. */
export async function isBookedOnTask(db: Database, taskId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(homeworkTasks)
    .innerJoin(
      bookings,
      and(
        eq(bookings.scheduleId, homeworkTasks.scheduleId),
        eq(bookings.userId, userId),
        eq(bookings.status, 'booked'),
      ),
    )
    .where(eq(homeworkTasks.id, taskId))
    .limit(1);
  return row !== undefined;
}
