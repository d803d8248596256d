import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema, userSchema } from './auth.ts';
import { envelope, pageQuerySchema, paginated, singleLine } from './common.ts';
import { paymentSchema } from './payments.ts';
import { ATTENDANCE_STATUSES, attendanceCountsSchema, attendanceRecordSchema } from './teachers.ts';

/** SPEC.md "User (admin lists)": id, name, email, user_role, plus level, country and created_at. */
export const userPageResponseSchema = envelope(paginated(userSchema));

/** POST admin-adminuser: another administrator. */
export const adminCreateBodySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type AdminCreateBody = z.infer<typeof adminCreateBodySchema>;
export const adminCreateResponseSchema = envelope(userSchema);

export const studentBookingSchema = z.object({
  id: z.number().int(),
  schedule_id: z.number().int(),
  course_title: z.string(),
  title: z.string(),
  schedule_time: z.string(),
  credits: z.number().int(),
  status: z.enum(['booked', 'cancelled']),
  created_at: z.string(),
  // What the teacher recorded, null until marked.
  attendance: z.enum(ATTENDANCE_STATUSES).nullable(),
});
export type StudentBooking = z.infer<typeof studentBookingSchema>;

export const STUDENT_RECENT_LIMIT = 20;

/** GET admin-student/:id: the learner with the latest bookings and payments and the token balance. */
export const studentDetailsSchema = z.object({
  user: userSchema,
  bookings: z.array(studentBookingSchema),
  payments: z.array(paymentSchema),
  balance: z.number().int(),
  /** Attended / no-show counts and the latest recorded attendance, newest first. */
  attendance: attendanceCountsSchema.extend({ history: z.array(attendanceRecordSchema) }),
});
export type StudentDetails = z.infer<typeof studentDetailsSchema>;
export const studentDetailsResponseSchema = envelope(studentDetailsSchema);

/** PUT admin-adminuser/:id: an administrator's name and email (the password is theirs to change). */
export const adminUpdateBodySchema = z.object({ name: nameSchema, email: emailSchema });
export type AdminUpdateBody = z.infer<typeof adminUpdateBodySchema>;
export const accountResponseSchema = envelope(userSchema);

/** The students list searched (part of a name or an email) and sorted. */
export const STUDENT_SORTS = ['newest', 'name', 'balance', 'last_booking'] as const;
export type StudentSort = (typeof STUDENT_SORTS)[number];
export const studentSearchQuerySchema = z.object({
  q: singleLine(z.string().trim().max(100)).optional(),
  sort: z.enum(STUDENT_SORTS).default('newest'),
});
export const studentListQuerySchema = pageQuerySchema.extend(studentSearchQuerySchema.shape);

/** A learner in the admin list: the account, the credits they can spend now, and their latest booking. */
export const studentRowSchema = userSchema.extend({
  balance: z.number().int(),
  next_expiry: z.object({ credits: z.number().int(), expires_at: z.string() }).nullable(),
  last_booking_at: z.string().nullable(),
});
export type StudentRow = z.infer<typeof studentRowSchema>;
export const studentPageResponseSchema = envelope(paginated(studentRowSchema));

/** GET admin-search: what the top bar's search finds, a few of each kind. */
export const ADMIN_SEARCH_LIMIT = 5;
export const adminSearchQuerySchema = z.object({ q: singleLine(z.string().trim().min(1).max(100)) });
export const adminSearchResultSchema = z.object({
  students: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
  classes: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      course_title: z.string(),
      schedule_time: z.string(),
      status: z.enum(['scheduled', 'cancelled']),
    }),
  ),
  payments: z.array(paymentSchema),
});
export type AdminSearchResult = z.infer<typeof adminSearchResultSchema>;
export const adminSearchResponseSchema = envelope(adminSearchResultSchema);
