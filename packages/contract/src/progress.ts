import { z } from 'zod';
import {
  DAY_RANGE_ORDER,
  dayRangeInOrder,
  envelope,
  idInput,
  isoDateInput,
  multiLine,
  singleLine,
} from './common.ts';
import { binaryFileSchema } from './files.ts';
import { type CefrLevel, cefrLevelSchema } from './levels.ts';

// A learner's progress: teachers' notes after a class, hours attended, and certificates of attendance.
// Only classes the teacher marked attended count; an hour is 60 minutes of a class's real length.

export const NOTE_MAX_LENGTH = 1000;

/** A teacher's note on one learner after a class: what went well, what to work on. */
export const classNoteBodySchema = z
  .object({
    booking_id: idInput('Choose a learner booked on this class.'),
    went_well: multiLine(z.string().trim().max(NOTE_MAX_LENGTH, `At most ${NOTE_MAX_LENGTH} characters.`)),
    work_on: multiLine(z.string().trim().max(NOTE_MAX_LENGTH, `At most ${NOTE_MAX_LENGTH} characters.`)),
  })
  .refine((body) => body.went_well !== '' || body.work_on !== '', {
    message: 'Write what went well or what to work on.',
    path: ['went_well'],
  });
export type ClassNoteBody = z.input<typeof classNoteBodySchema>;

export const classNoteSchema = z.object({
  booking_id: z.number().int(),
  went_well: z.string(),
  work_on: z.string(),
  author_name: z.string(),
  updated_at: z.iso.datetime(),
});
export type ClassNote = z.infer<typeof classNoteSchema>;
export const classNoteResponseSchema = envelope(classNoteSchema);
export const classNotesResponseSchema = envelope(z.array(classNoteSchema));

/** A note as the learner reads it: with the class it was written about. */
export const learnerNoteSchema = classNoteSchema.extend({
  schedule_id: z.number().int(),
  title: z.string(),
  starts_at: z.iso.datetime(),
});
export type LearnerNote = z.infer<typeof learnerNoteSchema>;

/** One week (from Monday, in the school's time zone) of attended classes. */
export const progressWeekSchema = z.object({
  week: z.iso.date(),
  classes: z.number().int(),
  minutes: z.number().int(),
});
export type ProgressWeek = z.infer<typeof progressWeekSchema>;

/**
 * Cambridge English's guidance of the guided learning hours a learner usually needs to reach each level,
 * counted from the start ("approximate", Cambridge English, "Guided learning hours"): the upper figure of
 * each range. A1 is where a beginner starts, so it has none.
 */
export const GUIDED_LEARNING_HOURS: Record<Exclude<CefrLevel, 'A1'>, { from: number; to: number }> = {
  A2: { from: 180, to: 200 },
  B1: { from: 350, to: 400 },
  B2: { from: 500, to: 600 },
  C1: { from: 700, to: 800 },
  C2: { from: 1000, to: 1200 },
};
export const GUIDED_LEARNING_HOURS_SOURCE = 'Cambridge English, "Guided learning hours" (approximate)';

export const progressLevelSchema = z.object({
  level: cefrLevelSchema,
  /** When the learner reached it (null when no change was recorded). */
  since: z.iso.datetime().nullable(),
  /** Attended minutes since then. */
  minutes_at_level: z.number().int(),
  /** The next level and the guided hours usually needed to reach it from the start; null at C2. */
  next: z
    .object({ level: cefrLevelSchema, hours_from: z.number().int(), hours_to: z.number().int() })
    .nullable(),
});

export const progressSchema = z.object({
  classes: z.number().int(),
  minutes: z.number().int(),
  /** The last twelve weeks, oldest first, the current week last. */
  weeks: z.array(progressWeekSchema),
  level: progressLevelSchema.nullable(),
  /** Newest first. */
  notes: z.array(learnerNoteSchema),
});
export type Progress = z.infer<typeof progressSchema>;
export const progressResponseSchema = envelope(progressSchema);

/** The period a certificate covers: days in the school's time zone, both included. */
export const certificateBodySchema = z
  .object({ from: isoDateInput, to: isoDateInput })
  .refine(dayRangeInOrder, DAY_RANGE_ORDER);
export type CertificateBody = z.input<typeof certificateBodySchema>;

export const certificateSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  learner_name: z.string(),
  level: cefrLevelSchema.nullable(),
  from: z.iso.date(),
  to: z.iso.date(),
  classes: z.number().int(),
  minutes: z.number().int(),
  school_name: z.string(),
  issued_at: z.iso.datetime(),
  revoked_at: z.iso.datetime().nullable(),
  revoke_reason: z.string().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;
export const certificateResponseSchema = envelope(certificateSchema);
export const certificatesResponseSchema = envelope(z.array(certificateSchema));

/** What anyone holding the code may read: the certificate as issued, and whether it still stands. */
export const certificateCheckSchema = certificateSchema
  .omit({ id: true, revoke_reason: true })
  .extend({ status: z.enum(['genuine', 'revoked']) });
export type CertificateCheck = z.infer<typeof certificateCheckSchema>;
export const certificateCheckResponseSchema = envelope(certificateCheckSchema);
export const certificateCodeParamSchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'No certificate has this code.'),
});

export const REVOKE_REASON_MAX = 200;
export const certificateRevokeBodySchema = z.object({
  reason: singleLine(
    z.string().trim().min(1, 'Say why.').max(REVOKE_REASON_MAX, `At most ${REVOKE_REASON_MAX} characters.`),
  ),
});
export type CertificateRevokeBody = z.input<typeof certificateRevokeBodySchema>;

/** The public page that checks a certificate (the address printed on it). */
export const verifyPath = (code: string) => `/verify/${code}`;

export const certificatePdfSchema = binaryFileSchema('The certificate as a PDF file.');
