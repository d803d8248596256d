import { idParamSchema } from '../common.ts';
import { classFileSchema } from '../files.ts';
import {
  homeworkFileIdParamSchema,
  homeworkFileResponseSchema,
  homeworkFileUploadQuerySchema,
  homeworkReviewBodySchema,
  homeworkSubmissionBodySchema,
  homeworkSubmissionResponseSchema,
  homeworkTaskBodySchema,
  homeworkTaskResponseSchema,
  homeworkTasksResponseSchema,
  learnerHomeworkListResponseSchema,
  learnerHomeworkResponseSchema,
  userHomeworkQuerySchema,
} from '../homework.ts';
import type { EndpointSpec } from './spec.ts';

export const homeworkEndpoints = {
  classHomework: {
    method: 'GET',
    path: 'class/:id/homework',
    auth: 'any',
    tag: 'homework',
    summary: "A class's homework with every learner's answer, for its teacher or an administrator",
    errors: { 404: 'No such class, or the signed-in user is neither its teacher nor an administrator.' },
    params: idParamSchema,
    response: { 200: homeworkTasksResponseSchema },
  },

  classHomeworkCreate: {
    method: 'POST',
    path: 'class/:id/homework',
    auth: 'any',
    tag: 'homework',
    summary: 'Set a task for the learners booked on a class: its text and when it is due',
    errors: {
      404: 'No such class, or the signed-in user is neither its teacher nor an administrator.',
      409: 'The class was cancelled, or the due time has passed.',
    },
    params: idParamSchema,
    body: homeworkTaskBodySchema,
    response: { 201: homeworkTaskResponseSchema },
  },

  homeworkReview: {
    method: 'PUT',
    path: 'homework-submission/:id/review',
    auth: 'any',
    tag: 'homework',
    summary:
      "Comment on a learner's answer and mark it done (or not), as the class's teacher or an administrator",
    errors: { 404: 'No such answer in a class of the signed-in teacher (or any, for an administrator).' },
    params: idParamSchema,
    body: homeworkReviewBodySchema,
    response: { 200: homeworkSubmissionResponseSchema },
  },

  homeworkTaskFileUpload: {
    method: 'POST',
    path: 'homework/:id/files',
    auth: 'any',
    tag: 'homework',
    summary:
      "Attach a file (PDF, slides, document, picture or audio, told by its content; up to the school's size limit) to a task, as the class's teacher or an administrator",
    errors: {
      404: 'No such task in a class of the signed-in teacher (or any, for an administrator).',
      422: "Also when the file's content is not an accepted kind, or it is larger than the school's limit.",
    },
    fileUpload: true,
    params: idParamSchema,
    query: homeworkFileUploadQuerySchema,
    response: { 201: homeworkFileResponseSchema },
  },

  homeworkFileDownload: {
    method: 'GET',
    path: 'homework-file/:id',
    auth: 'any',
    tag: 'homework',
    summary:
      "Download a homework file as an attachment: a task's for its class's booked learners, an answer's for the learner who handed it in; both for the class's teacher and administrators",
    errors: { 404: 'No such file, or not one the signed-in user may see.' },
    mediaType: '*/*',
    params: homeworkFileIdParamSchema,
    response: { 200: classFileSchema },
  },

  userHomework: {
    method: 'GET',
    path: 'user-homework',
    auth: 'user',
    tag: 'homework',
    summary: "The signed-in learner's homework in the classes they are booked on: due, submitted or done",
    errors: {},
    query: userHomeworkQuerySchema,
    response: { 200: learnerHomeworkListResponseSchema },
  },

  homeworkSubmit: {
    method: 'PUT',
    path: 'homework/:id/submission',
    auth: 'user',
    tag: 'homework',
    summary: "Hand in (or rewrite) the signed-in learner's answer to a task of a class they are booked on",
    errors: {
      404: 'No such task in a class the signed-in learner is booked on.',
      409: 'The teacher has marked the answer done.',
    },
    params: idParamSchema,
    body: homeworkSubmissionBodySchema,
    response: { 200: learnerHomeworkResponseSchema },
  },

  homeworkAnswerFileUpload: {
    method: 'POST',
    path: 'homework/:id/submission/files',
    auth: 'user',
    tag: 'homework',
    summary:
      "Attach a file (told by its content; up to the school's size limit) to the signed-in learner's answer to a task, once handed in",
    errors: {
      404: 'No such task in a class the signed-in learner is booked on.',
      409: 'The answer is not handed in yet, or the teacher has marked it done.',
      422: "Also when the file's content is not an accepted kind, or it is larger than the school's limit.",
    },
    fileUpload: true,
    params: idParamSchema,
    query: homeworkFileUploadQuerySchema,
    response: { 201: homeworkFileResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
