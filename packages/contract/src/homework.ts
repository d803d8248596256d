import { z } from 'zod';
import { envelope, isoDateTimeInput, multiLine, numberInput, singleLine } from './common.ts';
import { MESSAGES } from './messages.ts';

// Homework (docs/homework.md): the class's teacher or an administrator sets a task for a class; the
// learners booked on it submit an answer; the teacher comments and marks each answer done.

export const HOMEWORK_TEXT_MAX_LENGTH = 5000;

/** A learner who has not answered a task is mailed this long before it is due (once, mail switches allowing). */
export const HOMEWORK_REMINDER_HOURS = 24;

/** What the learner reads of their own homework: still to do, handed in, or marked done by the teacher. */
export const HOMEWORK_STATUSES = ['due', 'submitted', 'done'] as const;
export type HomeworkStatus = (typeof HOMEWORK_STATUSES)[number];

/** POST class/:id/homework: the task's text and when it is due. */
export const homeworkTaskBodySchema = z.object({
  text: multiLine(
    z
      .string()
      .trim()
      .min(1, 'Write the task.')
      .max(HOMEWORK_TEXT_MAX_LENGTH, `At most ${HOMEWORK_TEXT_MAX_LENGTH} characters.`),
  ),
  due_at: isoDateTimeInput('Choose when it is due (a date and time).'),
});
export type HomeworkTaskBody = z.input<typeof homeworkTaskBodySchema>;

/** PUT homework/:id/submission: the learner's answer, rewritten until the teacher marks it done. */
export const homeworkSubmissionBodySchema = z.object({
  text: multiLine(
    z
      .string()
      .trim()
      .min(1, MESSAGES.homeworkTextRequired)
      .max(HOMEWORK_TEXT_MAX_LENGTH, `At most ${HOMEWORK_TEXT_MAX_LENGTH} characters.`),
  ),
});
export type HomeworkSubmissionBody = z.input<typeof homeworkSubmissionBodySchema>;

/** PUT homework-submission/:id/review: the teacher's comment and whether the answer is done. */
export const homeworkReviewBodySchema = z.object({
  comment: multiLine(
    z.string().trim().max(HOMEWORK_TEXT_MAX_LENGTH, `At most ${HOMEWORK_TEXT_MAX_LENGTH} characters.`),
  ),
  done: z.boolean({ error: 'done must be true or false.' }),
});
export type HomeworkReviewBody = z.input<typeof homeworkReviewBodySchema>;

/** GET user-homework: optionally only the homework of one class (its class page). */
export const userHomeworkQuerySchema = z.object({
  schedule_id: numberInput('schedule_id must be a whole number from 1.', z.number().int().min(1)).optional(),
});

/**
 * An upload's query (POST homework/:id/files, homework/:id/submission/files): the body is the file itself
 * (application/octet-stream), its kind told by its content, up to the school's size limit for class files.
 */
export const homeworkFileUploadQuerySchema = z.object({
  /** The file's own name: the download is offered under it, with the extension of its content. */
  file_name: singleLine(z.string().trim().min(1, 'file_name is needed.').max(255)),
});
export type HomeworkFileUploadQuery = z.input<typeof homeworkFileUploadQuerySchema>;

/** A file of a task or of an answer; `url` is its download call, for those who may see it. */
export const homeworkFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  url: z.string(),
});
export type HomeworkFile = z.infer<typeof homeworkFileSchema>;
export const homeworkFileResponseSchema = envelope(homeworkFileSchema);
export const homeworkFileIdParamSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'No such file.'),
});

/** The download path of a homework file. */
export const homeworkFilePath = (id: string) => `/api/homework-file/${id}`;

export const homeworkSubmissionSchema = z.object({
  id: z.number().int(),
  learner_id: z.number().int(),
  learner_name: z.string(),
  text: z.string(),
  submitted_at: z.iso.datetime(),
  /** The teacher's comment; empty until written. */
  comment: z.string(),
  reviewer_name: z.string().nullable(),
  reviewed_at: z.iso.datetime().nullable(),
  done_at: z.iso.datetime().nullable(),
  files: z.array(homeworkFileSchema),
});
export type HomeworkSubmission = z.infer<typeof homeworkSubmissionSchema>;

const taskFields = {
  id: z.number().int(),
  schedule_id: z.number().int(),
  class_title: z.string(),
  class_starts_at: z.iso.datetime(),
  text: z.string(),
  due_at: z.iso.datetime(),
  author_name: z.string(),
  created_at: z.iso.datetime(),
  /** The files the teacher attached to the task. */
  files: z.array(homeworkFileSchema),
};

/** A task as the class's teacher and administrators see it: with every learner's answer. */
export const homeworkTaskSchema = z.object({
  ...taskFields,
  submissions: z.array(homeworkSubmissionSchema),
});
export type HomeworkTask = z.infer<typeof homeworkTaskSchema>;
export const homeworkTaskResponseSchema = envelope(homeworkTaskSchema);
export const homeworkTasksResponseSchema = envelope(z.array(homeworkTaskSchema));
export const homeworkSubmissionResponseSchema = envelope(homeworkSubmissionSchema);

/** A task as a learner booked on its class sees it: with their own answer, if any. */
export const learnerHomeworkSchema = z.object({
  ...taskFields,
  status: z.enum(HOMEWORK_STATUSES),
  submission: homeworkSubmissionSchema.nullable(),
});
export type LearnerHomework = z.infer<typeof learnerHomeworkSchema>;
export const learnerHomeworkResponseSchema = envelope(learnerHomeworkSchema);
export const learnerHomeworkListResponseSchema = envelope(z.array(learnerHomeworkSchema));
