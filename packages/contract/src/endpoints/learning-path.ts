import { idParamSchema, pageQuerySchema } from '../common.ts';
import {
  adminSetLevelBodySchema,
  adminSetLevelResponseSchema,
  learnerLevelResponseSchema,
  levelSuggestionBodySchema,
  levelSuggestionResponseSchema,
  levelSuggestionsResponseSchema,
} from '../levels.ts';
import {
  placementAnswerBodySchema,
  placementStateResponseSchema,
  placementTokenParamSchema,
} from '../placement.ts';
import {
  placementItemBodySchema,
  placementItemPageResponseSchema,
  placementItemResponseSchema,
  placementItemsQuerySchema,
} from '../placement-items.ts';
import {
  certificateBodySchema,
  certificateCheckResponseSchema,
  certificateCodeParamSchema,
  certificatePdfSchema,
  certificateResponseSchema,
  certificateRevokeBodySchema,
  certificatesResponseSchema,
  classNoteBodySchema,
  classNoteResponseSchema,
  classNotesResponseSchema,
  progressResponseSchema,
} from '../progress.ts';
import { type EndpointSpec, NOT_FOUND_OWN } from './spec.ts';

export const learningPathEndpoints = {
  userLevel: {
    method: 'GET',
    path: 'user-level',
    auth: 'user',
    tag: 'learning path',
    summary: "The learner's CEFR level and its history (from, to, source, by whom, when)",
    errors: {},
    response: { 200: learnerLevelResponseSchema },
  },

  adminUserLevel: {
    method: 'GET',
    path: 'admin-user-level/:id',
    auth: 'admin',
    tag: 'learning path',
    summary: "A learner's CEFR level and its history",
    errors: { 404: 'No such learner.' },
    params: idParamSchema,
    response: { 200: learnerLevelResponseSchema },
  },

  adminUserLevelSet: {
    method: 'PUT',
    path: 'admin-user-level/:id',
    auth: 'admin',
    tag: 'learning path',
    summary:
      "Set a learner's CEFR level, with an optional reason; the history records it as the administrator's",
    errors: { 404: 'No such learner.' },
    params: idParamSchema,
    body: adminSetLevelBodySchema,
    response: { 200: adminSetLevelResponseSchema },
  },

  teacherLevelSuggestion: {
    method: 'POST',
    path: 'teacher-class/:id/level-suggestion',
    auth: 'teacher',
    tag: 'learning path',
    summary:
      "Suggest a new CEFR level, with a note, for a learner booked on an own class once it has started; it waits for the administrator (a learner's newer suggestion replaces a waiting one)",
    errors: {
      404: 'No such class of the signed-in teacher, or no such booking in it.',
      409: 'The class has not started yet, or was cancelled.',
    },
    params: idParamSchema,
    body: levelSuggestionBodySchema,
    response: { 200: levelSuggestionResponseSchema },
  },

  adminLevelSuggestions: {
    method: 'GET',
    path: 'admin-level-suggestions',
    auth: 'admin',
    tag: 'learning path',
    summary: "Teachers' level suggestions waiting for a decision, oldest first",
    errors: {},
    query: pageQuerySchema,
    response: { 200: levelSuggestionsResponseSchema },
  },

  adminLevelSuggestionAccept: {
    method: 'POST',
    path: 'admin-level-suggestion/:id/accept',
    auth: 'admin',
    tag: 'learning path',
    summary:
      "Accept a teacher's level suggestion: the learner's level changes (the history names the teacher and keeps the note) and the learner is mailed",
    errors: { 404: 'No such suggestion.', 409: 'The suggestion was already decided.' },
    params: idParamSchema,
    response: { 200: levelSuggestionResponseSchema },
  },

  adminLevelSuggestionDecline: {
    method: 'POST',
    path: 'admin-level-suggestion/:id/decline',
    auth: 'admin',
    tag: 'learning path',
    summary: "Decline a teacher's level suggestion: the learner's level stays",
    errors: { 404: 'No such suggestion.', 409: 'The suggestion was already decided.' },
    params: idParamSchema,
    response: { 200: levelSuggestionResponseSchema },
  },

  placementStart: {
    method: 'POST',
    path: 'placement-tests',
    auth: 'public',
    tag: 'learning path',
    summary:
      'Start a placement test (a visitor, or a signed-in learner once the retake days have passed): its token and first question',
    rateLimited: true,
    errors: {
      409: 'The signed-in learner took the test too recently.',
      503: 'The item bank has no questions at a level.',
    },
    response: { 201: placementStateResponseSchema },
  },

  placementState: {
    method: 'GET',
    path: 'placement-tests/:token',
    auth: 'public',
    tag: 'learning path',
    summary: 'A placement test by its token: the question to answer now, or the result',
    errors: { 404: 'No test has this token.' },
    params: placementTokenParamSchema,
    response: { 200: placementStateResponseSchema },
  },

  placementAnswer: {
    method: 'POST',
    path: 'placement-tests/:token/answer',
    auth: 'public',
    tag: 'learning path',
    summary:
      "Answer the test's current question (scored on the server): the next question, or the level once the test ends",
    errors: {
      404: 'No test has this token.',
      409: 'The test is finished, or the answer is not for the current question.',
    },
    params: placementTokenParamSchema,
    body: placementAnswerBodySchema,
    response: { 200: placementStateResponseSchema },
  },

  adminPlacementItems: {
    method: 'GET',
    path: 'admin-placement-items',
    auth: 'admin',
    tag: 'learning path',
    summary:
      "The placement test's items, lowest level first, 15 a page, by level, skill and in use or retired; with the items in use at each level",
    errors: {},
    query: placementItemsQuerySchema,
    response: { 200: placementItemPageResponseSchema },
  },

  adminPlacementItemCreate: {
    method: 'POST',
    path: 'admin-placement-items',
    auth: 'admin',
    tag: 'learning path',
    summary: 'Add an item to the placement test: tests started from now on may ask it',
    errors: {},
    body: placementItemBodySchema,
    response: { 201: placementItemResponseSchema },
  },

  adminPlacementItemUpdate: {
    method: 'PUT',
    path: 'admin-placement-items/:id',
    auth: 'admin',
    tag: 'learning path',
    summary:
      'Edit an item: tests started from now on ask it as edited; a test that already asked it keeps its copy and its score',
    errors: {
      404: 'No such item.',
      409: 'Moving it to another level would leave its own with too few items in use.',
    },
    params: idParamSchema,
    body: placementItemBodySchema,
    response: { 200: placementItemResponseSchema },
  },

  adminPlacementItemRetire: {
    method: 'POST',
    path: 'admin-placement-items/:id/retire',
    auth: 'admin',
    tag: 'learning path',
    summary: 'Retire an item: no test asks it again; refused when its level would keep too few items in use',
    errors: { 404: 'No such item.', 409: 'Its level would keep too few items in use.' },
    params: idParamSchema,
    response: { 200: placementItemResponseSchema },
  },

  adminPlacementItemRestore: {
    method: 'POST',
    path: 'admin-placement-items/:id/restore',
    auth: 'admin',
    tag: 'learning path',
    summary: 'Put a retired item back in use',
    errors: { 404: 'No such item.' },
    params: idParamSchema,
    response: { 200: placementItemResponseSchema },
  },

  teacherClassNotes: {
    method: 'GET',
    path: 'teacher-class/:id/notes',
    auth: 'teacher',
    tag: 'learning path',
    summary: 'The notes written on the learners of an own class, one per booking',
    errors: { 404: 'No such class of the signed-in teacher.' },
    params: idParamSchema,
    response: { 200: classNotesResponseSchema },
  },

  teacherClassNoteSave: {
    method: 'PUT',
    path: 'teacher-class/:id/notes',
    auth: 'teacher',
    tag: 'learning path',
    summary:
      'Write or rewrite the note on a learner booked on an own class, once it has started: what went well, what to work on',
    errors: {
      404: 'No such class of the signed-in teacher, or no such booking in it.',
      409: 'The class has not started yet, or was cancelled.',
    },
    params: idParamSchema,
    body: classNoteBodySchema,
    response: { 200: classNoteResponseSchema },
  },

  adminClassNotes: {
    method: 'GET',
    path: 'admin-schedule/:id/notes',
    auth: 'admin',
    tag: 'learning path',
    summary: 'The notes written on the learners of a class',
    errors: { 404: 'No such class.' },
    params: idParamSchema,
    response: { 200: classNotesResponseSchema },
  },

  adminClassNoteSave: {
    method: 'PUT',
    path: 'admin-schedule/:id/notes',
    auth: 'admin',
    tag: 'learning path',
    summary: 'Write or rewrite the note on a learner booked on a class, once it has started',
    errors: {
      404: 'No such class, or no such booking in it.',
      409: 'The class has not started yet, or was cancelled.',
    },
    params: idParamSchema,
    body: classNoteBodySchema,
    response: { 200: classNoteResponseSchema },
  },

  userProgress: {
    method: 'GET',
    path: 'user-progress',
    auth: 'user',
    tag: 'learning path',
    summary:
      "The learner's progress: classes and hours attended, the last twelve weeks, the level with the guided hours to the next, teachers' notes",
    errors: {},
    response: { 200: progressResponseSchema },
  },

  adminStudentProgress: {
    method: 'GET',
    path: 'admin-student/:id/progress',
    auth: 'admin',
    tag: 'learning path',
    summary: "A learner's progress, as the learner sees it",
    errors: { 404: 'No such learner.' },
    params: idParamSchema,
    response: { 200: progressResponseSchema },
  },

  userCertificates: {
    method: 'GET',
    path: 'user-certificates',
    auth: 'user',
    tag: 'learning path',
    summary: "The learner's certificates of attendance, newest first",
    errors: {},
    response: { 200: certificatesResponseSchema },
  },

  userCertificateCreate: {
    method: 'POST',
    path: 'user-certificates',
    auth: 'user',
    tag: 'learning path',
    summary:
      'Issue a certificate of the classes attended in a period (days in the school time zone), with its verification code',
    errors: { 409: 'No class was attended in the period.' },
    body: certificateBodySchema,
    response: { 201: certificateResponseSchema },
  },

  userCertificatePdf: {
    method: 'GET',
    path: 'user-certificate/:id/pdf',
    auth: 'user',
    tag: 'learning path',
    summary: 'An own certificate of attendance as a PDF file',
    errors: { 404: NOT_FOUND_OWN },
    mediaType: 'application/pdf',
    params: idParamSchema,
    response: { 200: certificatePdfSchema },
  },

  adminStudentCertificates: {
    method: 'GET',
    path: 'admin-student/:id/certificates',
    auth: 'admin',
    tag: 'learning path',
    summary: "A learner's certificates of attendance, revoked ones too",
    errors: { 404: 'No such learner.' },
    params: idParamSchema,
    response: { 200: certificatesResponseSchema },
  },

  adminCertificateRevoke: {
    method: 'POST',
    path: 'admin-certificate/:id/revoke',
    auth: 'admin',
    tag: 'learning path',
    summary: 'Revoke a certificate of attendance with a reason: its verification page says so from then on',
    errors: { 404: 'No such certificate.', 409: 'The certificate is already revoked.' },
    params: idParamSchema,
    body: certificateRevokeBodySchema,
    response: { 200: certificateResponseSchema },
  },

  certificateCheck: {
    method: 'GET',
    path: 'certificates/:code',
    auth: 'public',
    tag: 'learning path',
    summary: 'Check a certificate of attendance by the code printed on it: what it says, genuine or revoked',
    errors: { 404: 'No certificate has this code.' },
    params: certificateCodeParamSchema,
    response: { 200: certificateCheckResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
