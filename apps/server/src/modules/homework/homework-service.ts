import { randomBytes } from 'node:crypto';
import { MEGABYTE } from '@tokenly/contract/files';
import {
  HOMEWORK_REMINDER_HOURS,
  type HomeworkFile,
  type HomeworkReviewBody,
  type HomeworkStatus,
  type HomeworkSubmission,
  type HomeworkSubmissionBody,
  type HomeworkTask,
  type HomeworkTaskBody,
  homeworkFilePath,
  type LearnerHomework,
} from '@tokenly/contract/homework';
import { MESSAGES } from '@tokenly/contract/messages';
import type { Database } from '../../db/client';
import type { HomeworkFileRow } from '../../db/schema/homework';
import type { UserRow } from '../../db/schema/users';
import { defineJob } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { type FileStore, newFileKey } from '../../lib/file-store/file-store';
import { downloadName, receiveClassFile } from '../../lib/file-store/received-file';
import { findSchedule } from '../bookings/bookings-repository';
import { mailTokenOf } from '../mail/mail-preferences-repository';
import { findRecipients } from '../mail/mail-recipients-repository';
import type { Mailer } from '../mail/mailer';
import { homeworkReminderMail } from '../mail/templates/homework-reminder-mail';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import {
  findFile,
  findSubmission,
  findTask,
  insertFile,
  insertTask,
  isBookedOnTask,
  listClassTasks,
  listFiles,
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
  /** Where task and answer files are kept (DATA_DIR or S3). */
  files: FileStore;
};

/** Who asks: the class's teacher and administrators manage its homework; nobody else learns it exists. */
export type Viewer = Pick<UserRow, 'id' | 'role'>;

const NO_FILE = 'No such file.';

const toFile = (row: HomeworkFileRow): HomeworkFile => ({
  id: row.id,
  name: row.fileName,
  content_type: row.contentType,
  size_bytes: row.sizeBytes,
  url: homeworkFilePath(row.id),
});

/** The files of tasks and answers, read at once, handed out by owner. */
async function filesOf(db: Database, tasks: { id: number }[], submissions: { id: number }[]) {
  const rows = await listFiles(db, {
    taskIds: tasks.map((task) => task.id),
    submissionIds: submissions.map((submission) => submission.id),
  });
  return {
    ofTask: (id: number) => rows.filter((row) => row.taskId === id).map(toFile),
    ofSubmission: (id: number) => rows.filter((row) => row.submissionId === id).map(toFile),
  };
}
type Files = Awaited<ReturnType<typeof filesOf>>;

const toSubmission = (row: SubmissionRow, files: Files): HomeworkSubmission => ({
  id: row.id,
  learner_id: row.userId,
  learner_name: row.learnerName,
  text: row.text,
  submitted_at: row.submittedAt.toISOString(),
  comment: row.comment ?? '',
  reviewer_name: row.reviewerName,
  reviewed_at: row.reviewedAt?.toISOString() ?? null,
  done_at: row.doneAt?.toISOString() ?? null,
  files: files.ofSubmission(row.id),
});

const taskFields = (row: TaskRow, files: Files) => ({
  id: row.id,
  schedule_id: row.scheduleId,
  class_title: row.classTitle,
  class_starts_at: row.classStartsAt.toISOString(),
  text: row.text,
  due_at: row.dueAt.toISOString(),
  author_name: row.authorName,
  created_at: row.createdAt.toISOString(),
  files: files.ofTask(row.id),
});

/** The class's teacher and administrators manage its homework. */
const manages = (schedule: { teacherId: number | null } | undefined, viewer: Viewer) =>
  schedule !== undefined && (viewer.role === 'admin' || schedule.teacherId === viewer.id);

const statusOf = (submission: SubmissionRow | undefined): HomeworkStatus =>
  !submission ? 'due' : submission.doneAt ? 'done' : 'submitted';

export function createHomeworkService(db: Database, options: HomeworkOptions) {
  const { clock } = options;

  /** The class, if the viewer is its teacher or an administrator; a 404 for anyone else. */
  async function managedClass(scheduleId: number, viewer: Viewer) {
    const schedule = await findSchedule(db, scheduleId);
    if (!schedule || !manages(schedule, viewer)) throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
    return schedule;
  }

  async function withSubmissions(tasks: TaskRow[]): Promise<HomeworkTask[]> {
    const submissions = await listSubmissions(
      db,
      tasks.map((task) => task.id),
    );
    const files = await filesOf(db, tasks, submissions);
    return tasks.map((task) => ({
      ...taskFields(task, files),
      submissions: submissions.filter((row) => row.taskId === task.id).map((row) => toSubmission(row, files)),
    }));
  }

  async function learnerHomework(userId: number, scheduleId?: number): Promise<LearnerHomework[]> {
    const tasks = await listLearnerTasks(db, userId, scheduleId);
    const own = await listSubmissions(
      db,
      tasks.map((task) => task.id),
      userId,
    );
    const files = await filesOf(db, tasks, own);
    return tasks.map((task) => {
      const submission = own.find((row) => row.taskId === task.id);
      return {
        ...taskFields(task, files),
        status: statusOf(submission),
        submission: submission ? toSubmission(submission, files) : null,
      };
    });
  }

  /**
   * Stores an uploaded file (told by its content, bounded by the school's size limit for class files while
   * it streams) and records it for its task or answer; a refused or broken upload leaves neither file nor row.
   */
  async function keepFile(
    owner: { taskId: number } | { submissionId: number },
    upload: { fileName: string; body: AsyncIterable<Buffer>; by: number },
  ): Promise<HomeworkFile> {
    const maxBytes = (await options.settings.current()).materialMaxMb * MEGABYTE;
    const file = await receiveClassFile(upload.body, maxBytes);
    const key = newFileKey('homework');
    const { size } = await options.files.put(key, file.body, file.contentType);
    const row = {
      id: randomBytes(16).toString('base64url'),
      ...owner,
      fileKey: key,
      fileName: downloadName(upload.fileName, file.extension),
      contentType: file.contentType,
      sizeBytes: size,
      uploadedBy: upload.by,
      createdAt: nowOf(clock),
    };
    try {
      await insertFile(db, row);
    } catch (error) {
      await options.files.delete(key);
      throw error;
    }
    return toFile({ taskId: null, submissionId: null, ...row });
  }

  /** Whether the viewer manages the class of this task: its teacher, or an administrator. */
  async function managesTask(taskId: number, viewer: Viewer): Promise<boolean> {
    const task = await findTask(db, taskId);
    return manages(task && (await findSchedule(db, task.scheduleId)), viewer);
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
      if (!found || !(await managesTask(found.taskId, viewer))) {
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
      return toSubmission(reviewed, await filesOf(db, [], [reviewed]));
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

    /** POST homework/:id/files: a file of the task, from the class's teacher or an administrator. */
    async uploadTaskFile(taskId: number, viewer: Viewer, fileName: string, body: AsyncIterable<Buffer>) {
      if (!(await managesTask(taskId, viewer))) throw new AppError('NOT_FOUND', MESSAGES.homeworkNotFound);
      return keepFile({ taskId }, { fileName, body, by: viewer.id });
    },

    /** POST homework/:id/submission/files: a file of the learner's handed-in answer, until it is marked done. */
    async uploadAnswerFile(taskId: number, userId: number, fileName: string, body: AsyncIterable<Buffer>) {
      const [mine] = (await learnerHomework(userId)).filter((row) => row.id === taskId);
      if (!mine) throw new AppError('NOT_FOUND', MESSAGES.homeworkNotFound);
      if (!mine.submission) throw new AppError('CONFLICT', MESSAGES.homeworkAnswerFirst);
      if (mine.status === 'done') throw new AppError('CONFLICT', MESSAGES.homeworkDone);
      return keepFile({ submissionId: mine.submission.id }, { fileName, body, by: userId });
    },

    /**
     * GET homework-file/:id: a task's file for the learners booked on its class, an answer's for the learner
     * who handed it in; both for the class's teacher and administrators. Anyone else reads it as missing.
     */
    async download(id: string, viewer: Viewer) {
      const row = await findFile(db, id);
      const submission = row?.submissionId ? await findSubmission(db, row.submissionId) : undefined;
      const taskId = row?.taskId ?? submission?.taskId;
      const maySee =
        taskId !== undefined &&
        ((await managesTask(taskId, viewer)) ||
          (submission
            ? submission.userId === viewer.id
            : viewer.role === 'user' && (await isBookedOnTask(db, taskId, viewer.id))));
      if (!row || !maySee) throw new AppError('NOT_FOUND', NO_FILE);
      const file = await options.files.get(row.fileKey);
      if (!file) throw new AppError('NOT_FOUND', NO_FILE);
      return { file, name: row.fileName };
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
