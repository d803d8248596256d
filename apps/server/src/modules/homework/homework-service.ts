import {
  HOMEWORK_REMINDER_HOURS,
  type HomeworkReviewBody,
  type HomeworkStatus,
  type HomeworkSubmission,
  type HomeworkSubmissionBody,
  type HomeworkTask,
  type HomeworkTaskBody,
  type LearnerHomework,
} from '@tokenly/contract/homework';
import { MESSAGES } from '@tokenly/contract/messages';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { defineJob } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { findSchedule } from '../bookings/bookings-repository';
import { mailTokenOf } from '../mail/mail-preferences-repository';
import { findRecipients } from '../mail/mail-recipients-repository';
import type { Mailer } from '../mail/mailer';
import { homeworkReminderMail } from '../mail/templates/homework-reminder-mail';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import {
  findSubmission,
  findTask,
  insertTask,
  listClassTasks,
  listLearnerTasks,
  listSubmissions,
  lockDueHomeworkReminders,
  reviewSubmission,
  type SubmissionRow,
  type TaskRow,
  upsertSubmission,
} from './homework-repository';

const HOUR_MS = 60 * 60 * 1000;
/** Reminders written in one transaction; a scan goes on batch by batch until nothing is due. */
const BATCH = 50;

export type HomeworkOptions = {
  clock: Clock;
  mailer: Mailer;
  settings: SchoolSettingsSource;
  mail: { appUrl: string };
};

/** Who asks: the class's teacher and administrators manage its homework; nobody else learns it exists. */
export type Viewer = Pick<UserRow, 'id' | 'role'>;

const toSubmission = (row: SubmissionRow): HomeworkSubmission => ({
  id: row.id,
  learner_id: row.userId,
  learner_name: row.learnerName,
  text: row.text,
  submitted_at: row.submittedAt.toISOString(),
  comment: row.comment ?? '',
  reviewer_name: row.reviewerName,
  reviewed_at: row.reviewedAt?.toISOString() ?? null,
  done_at: row.doneAt?.toISOString() ?? null,
});

const taskFields = (row: TaskRow) => ({
  id: row.id,
  schedule_id: row.scheduleId,
  class_title: row.classTitle,
  class_starts_at: row.classStartsAt.toISOString(),
  text: row.text,
  due_at: row.dueAt.toISOString(),
  author_name: row.authorName,
  created_at: row.createdAt.toISOString(),
});

const statusOf = (submission: SubmissionRow | undefined): HomeworkStatus =>
  !submission ? 'due' : submission.doneAt ? 'done' : 'submitted';

export function createHomeworkService(db: Database, options: HomeworkOptions) {
  const { clock } = options;

  /** The class, if the viewer is its teacher or an administrator; a 404 for anyone else. */
  async function managedClass(scheduleId: number, viewer: Viewer) {
    const schedule = await findSchedule(db, scheduleId);
    if (!schedule || (viewer.role !== 'admin' && schedule.teacherId !== viewer.id)) {
      throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
    }
    return schedule;
  }

  async function withSubmissions(tasks: TaskRow[]): Promise<HomeworkTask[]> {
    const submissions = await listSubmissions(
      db,
      tasks.map((task) => task.id),
    );
    return tasks.map((task) => ({
      ...taskFields(task),
      submissions: submissions.filter((row) => row.taskId === task.id).map(toSubmission),
    }));
  }

  async function learnerHomework(userId: number, scheduleId?: number): Promise<LearnerHomework[]> {
    const tasks = await listLearnerTasks(db, userId, scheduleId);
    const own = await listSubmissions(
      db,
      tasks.map((task) => task.id),
      userId,
    );
    return tasks.map((task) => {
      const submission = own.find((row) => row.taskId === task.id);
      return {
        ...taskFields(task),
        status: statusOf(submission),
        submission: submission ? toSubmission(submission) : null,
      };
    });
  }

  /** Every reminder due at `now` (tasks due within HOMEWORK_REMINDER_HOURS); returns how many were written. */
  async function sendDueReminders(now: Date): Promise<number> {
    const by = new Date(now.getTime() + HOMEWORK_REMINDER_HOURS * HOUR_MS);
    let written = 0;
    for (;;) {
      const count = await db.transaction(async (tx) => {
        const due = await lockDueHomeworkReminders(tx, { now, by, limit: BATCH });
        const recipients = await findRecipients(tx, [...new Set(due.map((row) => row.userId))]);
        const context = { ...options.mail, school: await options.settings.current(tx) };
        for (const { task, classTitle, userId } of due) {
          const to = recipients.get(userId);
          if (!to) continue;
          const token = await mailTokenOf(tx, to.id);
          await options.mailer.enqueue(
            tx,
            homeworkReminderMail(
              to,
              { taskId: task.id, classTitle, text: task.text, dueAt: task.dueAt },
              context,
              token,
            ),
          );
        }
        return due.length;
      });
      written += count;
      if (count < BATCH) return written;
    }
  }

  return {
    /** GET class/:id/homework: the class's tasks with every answer. */
    async tasksOf(scheduleId: number, viewer: Viewer): Promise<HomeworkTask[]> {
      await managedClass(scheduleId, viewer);
      return withSubmissions(await listClassTasks(db, scheduleId));
    },

    /** POST class/:id/homework: a task for the learners booked on a class still on, due later than now. */
    async setTask(scheduleId: number, viewer: Viewer, body: HomeworkTaskBody): Promise<HomeworkTask> {
      const schedule = await managedClass(scheduleId, viewer);
      if (schedule.status !== 'scheduled') throw new AppError('CONFLICT', 'This class was cancelled.');
      const now = nowOf(clock);
      const dueAt = new Date(body.due_at);
      if (dueAt <= now) throw new AppError('CONFLICT', 'The due time has passed: choose a later one.');
      const id = await insertTask(db, {
        scheduleId,
        authorId: viewer.id,
        text: body.text,
        dueAt,
        createdAt: now,
      });
      const task = await findTask(db, id);
      if (!task) throw new Error('the homework task just written was not found');
      const [made] = await withSubmissions([task]);
      if (!made) throw new Error('the homework task just written was not found');
      return made;
    },

    /** PUT homework-submission/:id/review: the comment and the mark of one answer. */
    async review(
      submissionId: number,
      viewer: Viewer,
      body: HomeworkReviewBody,
    ): Promise<HomeworkSubmission> {
      const found = await findSubmission(db, submissionId);
      const task = found && (await findTask(db, found.taskId));
      const schedule = task && (await findSchedule(db, task.scheduleId));
      if (!found || !schedule || (viewer.role !== 'admin' && schedule.teacherId !== viewer.id)) {
        throw new AppError('NOT_FOUND', 'This answer does not exist.');
      }
      await reviewSubmission(db, submissionId, {
        comment: body.comment,
        done: body.done,
        reviewerId: viewer.id,
        at: nowOf(clock),
      });
      const reviewed = await findSubmission(db, submissionId);
      if (!reviewed) throw new Error('the answer just reviewed was not found');
      return toSubmission(reviewed);
    },

    /** GET user-homework: the learner's homework, one class's or every booked class's. */
    learnerHomework,

    /**
     * PUT homework/:id/submission: the learner's answer, to a task of a class they are booked on, until the
     * teacher marks it done. A late answer is taken: the teacher sees when it came.
     */
    async submit(taskId: number, userId: number, body: HomeworkSubmissionBody): Promise<LearnerHomework> {
      const task = await findTask(db, taskId);
      const mine = task && (await learnerHomework(userId, task.scheduleId)).find((row) => row.id === taskId);
      if (!mine) throw new AppError('NOT_FOUND', MESSAGES.homeworkNotFound);
      const written = await upsertSubmission(db, { taskId, userId, text: body.text, at: nowOf(clock) });
      if (written === undefined) throw new AppError('CONFLICT', MESSAGES.homeworkDone);
      const [after] = (await learnerHomework(userId, mine.schedule_id)).filter((row) => row.id === taskId);
      if (!after) throw new Error('the answer just written was not found');
      return after;
    },

    sendDueReminders,

    jobs: [
      defineJob({
        name: 'homework.reminders',
        // Every five minutes: a reminder a day ahead has time enough, and a process that was down catches up.
        cron: '*/5 * * * *',
        retryLimit: 2,
        retryDelaySeconds: 30,
        expireInSeconds: 300,
        run: async () => {
          await sendDueReminders(nowOf(clock));
        },
      }),
    ],
  };
}

export type HomeworkService = ReturnType<typeof createHomeworkService>;
