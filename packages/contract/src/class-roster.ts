import { z } from 'zod';
import { envelope, idInput, multiLine, singleLine } from './common.ts';
import { ATTENDANCE_STATUSES } from './teachers.ts';

// The class screen: who is on a class and what an administrator does to its roster (add, remove, move,
// message); a teacher messages their own class too.

export const ROSTER_REASON_MAX = 200;
const reasonSchema = singleLine(
  z.string().trim().max(ROSTER_REASON_MAX, `A reason must be at most ${ROSTER_REASON_MAX} characters.`),
)
  .optional()
  .transform((value) => value || undefined);

/** One booking of the class as its administrator sees it, cancelled ones too. */
export const adminRosterEntrySchema = z.object({
  booking_id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  level: z.number().int().nullable(),
  booked_at: z.iso.datetime(),
  status: z.enum(['booked', 'cancelled']),
  cancelled_at: z.iso.datetime().nullable(),
  /** Cancelled by the learner inside the free-cancellation window: the credits were kept. */
  late_cancel: z.boolean(),
  /** What the booking took; 0 for a free place. */
  credits: z.number().int(),
  attendance: z.enum(ATTENDANCE_STATUSES).nullable(),
  attendance_marked_at: z.iso.datetime().nullable(),
  /** An administrator gave back the credits of this late cancel or no-show. */
  waived: z.boolean(),
});
export type AdminRosterEntry = z.infer<typeof adminRosterEntrySchema>;

/**
 * GET admin-course-schedule/:id/roster: the bookings, active first, each in the order it was made; the
 * school's zone the screen shows times in; when the school last changed what learners were told.
 */
export const adminClassRosterSchema = z.object({
  time_zone: z.string(),
  changed_at: z.iso.datetime().nullable(),
  roster: z.array(adminRosterEntrySchema),
});
export type AdminClassRoster = z.infer<typeof adminClassRosterSchema>;
export const adminClassRosterResponseSchema = envelope(adminClassRosterSchema);

/** POST admin-course-schedule/:id/roster: a learner added by the school, paying or (with a reason) free. */
export const rosterAddBodySchema = z
  .object({
    user_id: idInput('Choose a learner.'),
    free: z.boolean().default(false),
    reason: reasonSchema,
  })
  .refine((body) => !body.free || body.reason !== undefined, {
    message: 'Give a reason for a free place.',
    path: ['reason'],
  });
export type RosterAddInput = z.input<typeof rosterAddBodySchema>;
export type RosterAddBody = z.output<typeof rosterAddBodySchema>;

/**
 * POST admin-booking/:id/cancel: a learner removed from a class. The credits go back unless `refund` is
 * false, which needs a reason; a call without a body is read as `{}` and refunds.
 */
export const bookingRemoveBodySchema = z
  .object({
    refund: z.boolean().default(true),
    reason: reasonSchema,
  })
  .refine((body) => body.refund || body.reason !== undefined, {
    message: 'Give a reason for keeping the credits.',
    path: ['reason'],
  });
export type BookingRemoveInput = z.input<typeof bookingRemoveBodySchema>;
export type BookingRemoveBody = z.output<typeof bookingRemoveBodySchema>;

/** POST admin-booking/:id/move: the learner's place moves to another class with a free seat. */
export const bookingMoveBodySchema = z.object({
  schedule_id: idInput('Choose the class to move to.'),
  reason: reasonSchema,
});
export type BookingMoveInput = z.input<typeof bookingMoveBodySchema>;
export type BookingMoveBody = z.output<typeof bookingMoveBodySchema>;

export const CLASS_MESSAGE_SUBJECT_MAX = 150;
export const CLASS_MESSAGE_BODY_MAX = 5000;

/** POST admin-course-schedule/:id/message and teacher-class/:id/message: one mail to each learner booked. */
export const classMessageBodySchema = z.object({
  subject: singleLine(
    z
      .string({ error: 'Subject is required.' })
      .trim()
      .min(1, 'Subject is required.')
      .max(CLASS_MESSAGE_SUBJECT_MAX, `Subject must be at most ${CLASS_MESSAGE_SUBJECT_MAX} characters.`),
  ),
  body: multiLine(
    z
      .string({ error: 'Message is required.' })
      .trim()
      .min(1, 'Message is required.')
      .max(CLASS_MESSAGE_BODY_MAX, `Message must be at most ${CLASS_MESSAGE_BODY_MAX} characters.`),
  ),
});
export type ClassMessageBody = z.infer<typeof classMessageBodySchema>;
export const classMessageResponseSchema = z.object({
  data: z.object({ sent: z.number().int() }),
  message: z.string(),
});
