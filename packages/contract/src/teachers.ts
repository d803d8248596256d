import { z } from 'zod';
import { emailSchema, nameSchema } from './auth.ts';
import { envelope, multiLine, optionalPictureUrl, paginated, singleLine } from './common.ts';
import { TEACHER_HEADLINE_MAX, TEACHER_TAGS_MAX } from './site.ts';

// Teachers are accounts of role `teacher` with a short profile.

export const TEACHER_BIO_MAX = 500;
/** Attendance is editable from the start of a class until this long after its end. */
export const ATTENDANCE_EDIT_HOURS = 48;

export const bioSchema = z
  .union([
    z.null(),
    multiLine(z.string().trim().max(TEACHER_BIO_MAX, `Bio must be at most ${TEACHER_BIO_MAX} characters.`)),
  ])
  .optional()
  .transform((value) => value || null);

/** A teacher as administrators see it; `invited` is false once the teacher has set a password. */
export const teacherSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  bio: z.string().nullable(),
  /** The home page's profile: shown there only while profile_public. */
  headline: z.string().nullable(),
  photo_url: z.string().nullable(),
  tags: z.array(z.string()),
  profile_public: z.boolean(),
  /** A password is set: the teacher can sign in. */
  has_password: z.boolean(),
  upcoming_classes: z.number().int(),
  created_at: z.iso.datetime(),
  disabled_at: z.iso.datetime().nullable(),
});
export type Teacher = z.infer<typeof teacherSchema>;

/** A profile's tags as typed: comma-separated ("Business English, Pronunciation"). */
export const teacherTagsOf = (value: string | null): string[] =>
  (value ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/**
 * The public profile's fields; each one left out keeps its stored value, so a client from before the
 * profile (name, email, bio) does not clear it.
 */
export const teacherProfileSchema = z.object({
  headline: z
    .union([
      z.null(),
      singleLine(
        z
          .string()
          .trim()
          .max(TEACHER_HEADLINE_MAX, `Headline must be at most ${TEACHER_HEADLINE_MAX} characters.`),
      ),
    ])
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
  photo_url: optionalPictureUrl('Photo address', 500),
  tags: z
    .union([
      z.null(),
      singleLine(
        z.string().trim().max(TEACHER_TAGS_MAX, `Tags must be at most ${TEACHER_TAGS_MAX} characters.`),
      ),
    ])
    .optional()
    .transform((value) => (value === undefined ? undefined : teacherTagsOf(value).join(', ') || null)),
  profile_public: z.boolean().optional(),
});

/** POST admin-teachers and PUT admin-teachers/:id. */
export const teacherBodySchema = z
  .object({ name: nameSchema, email: emailSchema, bio: bioSchema })
  .extend(teacherProfileSchema.shape);
export type TeacherFormInput = z.input<typeof teacherBodySchema>;
export type TeacherBody = z.output<typeof teacherBodySchema>;

export const teacherResponseSchema = envelope(teacherSchema);
export const teacherPageResponseSchema = envelope(paginated(teacherSchema));
/** GET admin-teachers-list: every active teacher, for the class form's picker. */
export const teacherOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type TeacherOption = z.infer<typeof teacherOptionSchema>;
export const teacherOptionsResponseSchema = envelope(z.array(teacherOptionSchema));

export const ATTENDANCE_STATUSES = ['attended', 'no_show'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = {
  attended: 'Attended',
  no_show: 'No-show',
};

/** A class on the teacher's own pages. */
export const teacherClassSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  course_title: z.string(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  status: z.enum(['scheduled', 'cancelled']),
  seats_taken: z.number().int(),
  no_of_users: z.number().int(),
});
export type TeacherClass = z.infer<typeof teacherClassSchema>;

/** GET teacher-classes: what is still to come, and the classes of the attendance window just past. */
export const teacherClassesSchema = z.object({
  upcoming: z.array(teacherClassSchema),
  recent: z.array(teacherClassSchema),
});
export type TeacherClasses = z.infer<typeof teacherClassesSchema>;
export const teacherClassesResponseSchema = envelope(teacherClassesSchema);

/** One learner of the roster: never the email or anything about payments. */
export const rosterEntrySchema = z.object({
  booking_id: z.number().int(),
  name: z.string(),
  level: z.number().int().nullable(),
  booked_at: z.iso.datetime(),
  attendance: z.enum(ATTENDANCE_STATUSES).nullable(),
  attendance_marked_at: z.iso.datetime().nullable(),
  /** The learner's first entry into the class's room (Join or the video provider's report), if any. */
  joined_at: z.iso.datetime().nullable(),
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

/** GET teacher-class/:id: the class, its host link, its roster and whether attendance can be marked. */
export const teacherClassDetailsSchema = teacherClassSchema.extend({
  meeting_start: z.string().nullable(),
  meeting_link: z.string().nullable(),
  roster: z.array(rosterEntrySchema),
  /** Attendance can be marked now: the class has started and its end was less than 48 hours ago. */
  attendance_open: z.boolean(),
  attendance_until: z.iso.datetime(),
});
export type TeacherClassDetails = z.infer<typeof teacherClassDetailsSchema>;
export const teacherClassDetailsResponseSchema = envelope(teacherClassDetailsSchema);

/** PUT teacher-class/:id/attendance: one learner's attendance. */
export const attendanceBodySchema = z.object({
  booking_id: z.number().int().min(1).max(2_147_483_647),
  status: z.enum(ATTENDANCE_STATUSES, { error: 'Choose Attended or No-show.' }),
});
export type AttendanceBody = z.infer<typeof attendanceBodySchema>;
export const rosterEntryResponseSchema = envelope(rosterEntrySchema);

/** Counts of a learner's recorded attendance and late cancels (learner dashboard, admin student page). */
export const attendanceCountsSchema = z.object({
  attended: z.number().int(),
  no_show: z.number().int(),
  late_cancel: z.number().int(),
});
export type AttendanceCounts = z.infer<typeof attendanceCountsSchema>;
export const attendanceCountsResponseSchema = envelope(attendanceCountsSchema);

/** What a learner's history records of a class: the teacher's mark, or a cancel inside the window. */
export const ATTENDANCE_RECORD_STATUSES = [...ATTENDANCE_STATUSES, 'late_cancel'] as const;
export type AttendanceRecordStatus = (typeof ATTENDANCE_RECORD_STATUSES)[number];
export const ATTENDANCE_RECORD_LABELS: Record<AttendanceRecordStatus, string> = {
  ...ATTENDANCE_LABELS,
  late_cancel: 'Late cancel',
};

/** One recorded attendance or late cancel in a learner's history (admin student page). */
export const attendanceRecordSchema = z.object({
  booking_id: z.number().int(),
  schedule_id: z.number().int(),
  title: z.string(),
  starts_at: z.iso.datetime(),
  teacher_name: z.string().nullable(),
  status: z.enum(ATTENDANCE_RECORD_STATUSES),
  credits: z.number().int(),
  marked_by: z.string().nullable(),
  marked_at: z.iso.datetime().nullable(),
  /** When the learner cancelled (late cancels). */
  cancelled_at: z.iso.datetime().nullable(),
  /** The credits were given back by an administrator: who and when. */
  waived_by: z.string().nullable(),
  waived_at: z.iso.datetime().nullable(),
  /** A late cancel or a no-show whose credits have not been given back. */
  waivable: z.boolean(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;
export const ATTENDANCE_HISTORY_LIMIT = 50;
