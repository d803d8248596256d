import { z } from 'zod';
import {
  envelope,
  idInput,
  isoDateInput,
  isoDateTimeInput,
  numberInput,
  pageQuerySchema,
  paginated,
  singleLine,
  withAliases,
} from './common.ts';
import { COURSE_TOKEN_MAX } from './courses.ts';

export const SCHEDULE_STATUSES = ['scheduled', 'cancelled'] as const;
export const SCHEDULE_CAPACITY_MAX = 500;

/** SPEC.md "Schedule entry" plus what the admin screens show (seats taken, teacher, status). */
export const scheduleSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course: z.object({ course_title: z.string(), course_color: z.string().nullable() }),
  title: z.string(),
  // ISO 8601 instant (UTC); clients show it in the viewer's zone.
  schedule_time: z.string(),
  no_of_users: z.number().int(),
  seats_taken: z.number().int(),
  /** Learners waiting for a seat. */
  waitlist_count: z.number().int(),
  number_token: z.number().int(),
  meeting_link: z.string().nullable(),
  meeting_start: z.string().nullable(),
  // The teacher record; teacher_name is its name, kept for SPEC.md-era clients.
  teacher_id: z.number().int().nullable(),
  teacher_name: z.string().nullable(),
  status: z.enum(SCHEDULE_STATUSES),
  /** The weekly series the class belongs to, or null for a one-off class. */
  series_id: z.number().int().nullable(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

const optionalLink = (label: string) =>
  z
    .union([
      z.literal(''),
      z.null(),
      // The URL parser drops line breaks and tabs from what it is given, so they are refused first.
      singleLine(z.string().trim().max(500, `${label} must be at most 500 characters.`)).pipe(
        z.url({ protocol: /^https?$/, error: `${label} must be a web address starting with https://.` }),
      ),
    ])
    .optional()
    .transform((value) => value || null);

/**
 * What every class carries, one-off or weekly (SPEC.md names, plus the links and the teacher): the
 * single-class form and the series form share these fields, and one form component on the web.
 */
export const scheduleClassFieldsSchema = z.object({
  course_id: idInput('Choose a class type.'),
  title: singleLine(
    z
      .string({ error: 'Title is required.' })
      .trim()
      .min(1, 'Title is required.')
      .max(200, 'Title must be at most 200 characters.'),
  ),
  no_of_users: numberInput(
    'No of users is required.',
    z
      .number()
      .int('No of users must be a whole number.')
      .min(1, 'No of users must be at least 1.')
      .max(SCHEDULE_CAPACITY_MAX, `No of users must be at most ${SCHEDULE_CAPACITY_MAX}.`),
  ),
  // Credits a booking costs; when left out, the type's number_token (add) or the current value (edit).
  token: z
    .union([
      z.literal(''),
      z.null(),
      numberInput(
        'Credits must be a number.',
        z
          .number()
          .int('Credits must be a whole number.')
          .min(1, 'Credits must be at least 1.')
          .max(COURSE_TOKEN_MAX, `Credits must be at most ${COURSE_TOKEN_MAX}.`),
      ),
    ])
    .optional()
    .transform((value) => (typeof value === 'number' ? value : undefined)),
  meeting_link: optionalLink('Meeting link'),
  meeting_start: optionalLink('Meeting host link'),
  // A teacher account (role teacher); none (null or '') leaves the class without one.
  teacher_id: z
    .union([z.literal(''), z.null(), idInput('Choose a teacher.')])
    .optional()
    .transform((value) => (typeof value === 'number' ? value : null)),
  /**
   * A teacher is in one class at a time: a schedule that overlaps another class of theirs is refused
   * (409, naming the clash, the error under this field) unless this is true.
   */
  allow_teacher_clash: z.boolean().optional(),
  /**
   * The school is closed on some days (admin-closed-days): a class put on one is refused (409, naming the
   * day, the error under this field) unless this is true. A weekly series skips them instead.
   */
  allow_closed_day: z.boolean().optional(),
});
export type ScheduleClassFieldsInput = z.input<typeof scheduleClassFieldsSchema>;

/** Fields of both schedule forms: the class fields and when it starts. */
export const scheduleFormSchema = scheduleClassFieldsSchema.extend({
  date: isoDateTimeInput('Choose a date and time (ISO 8601 with a time zone).').transform(
    (value) => new Date(value),
  ),
});
export type ScheduleFormInput = z.input<typeof scheduleFormSchema>;
export type ScheduleBody = z.output<typeof scheduleFormSchema>;

/** POST admin-course-schedule: SPEC.md's add form sends the type as `id`; `course_id` is accepted too. */
export const scheduleAddBodySchema = withAliases(scheduleFormSchema, { course_id: 'id' });

/** PUT admin-course-schedule/:id: SPEC.md's edit form sends course_id. */
export const scheduleEditBodySchema = scheduleFormSchema;

export const schedulePageResponseSchema = envelope(paginated(scheduleSchema));
export const scheduleResponseSchema = envelope(scheduleSchema);

/**
 * The admin list's filters, kept in the page address. Dates are days in the school's time zone,
 * both inclusive.
 */
export const adminSchedulesQuerySchema = pageQuerySchema
  .extend({
    course_id: idInput('course_id must be a whole number from 1.').optional(),
    series_id: idInput('series_id must be a whole number from 1.').optional(),
    teacher_id: idInput('teacher_id must be a whole number from 1.').optional(),
    from: isoDateInput.optional(),
    to: isoDateInput.optional(),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: 'The end date cannot be before the start date.',
    path: ['to'],
  });
export type AdminSchedulesQuery = z.infer<typeof adminSchedulesQuerySchema>;

/** What of a class its booked learners (and waitlist) are told of when it changes. */
export const CLASS_CHANGE_FIELDS = ['time', 'teacher', 'type', 'meeting_link'] as const;
export type ClassChangeField = (typeof CLASS_CHANGE_FIELDS)[number];

/**
 * One change: the start (ISO instants), the teacher's or the type's name, or the learners' meeting link,
 * before and after. `told`: the mail names it; a new link is told only once the link is released (the
 * school's lead time before the start), as learners see none before.
 */
export const classChangeSchema = z.object({
  field: z.enum(CLASS_CHANGE_FIELDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  told: z.boolean(),
});
export type ClassChange = z.infer<typeof classChangeSchema>;

/** POST admin-course-schedule/:id/change-preview: the edit form's values, and whether it reaches the following classes. */
export const scheduleChangePreviewBodySchema = scheduleFormSchema.extend({
  following: z.boolean().optional(),
});

const affectedLearnerSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/**
 * Who a change would reach and what they would be told, before it is saved: the changes of this class
 * (with "this and following", each later class moves to the same time of day on its own day), the learners
 * booked on any class it reaches and those waiting, and a clash of the teacher, if any.
 */
export const scheduleChangePreviewSchema = z.object({
  classes: z.number().int(),
  changes: z.array(classChangeSchema),
  booked: z.array(affectedLearnerSchema),
  waiting: z.array(affectedLearnerSchema),
  /** The refusal a save without allow_teacher_clash would meet, or null. */
  teacher_clash: z.string().nullable(),
});
export type ScheduleChangePreview = z.infer<typeof scheduleChangePreviewSchema>;
export const scheduleChangePreviewResponseSchema = envelope(scheduleChangePreviewSchema);
