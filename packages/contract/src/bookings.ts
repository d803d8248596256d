import { z } from 'zod';
import { envelope, isoDateInput, pageInput, paginated, singleLine, timeZoneInput } from './common.ts';
import { bookingLevelSchema, cefrLevelSchema } from './levels.ts';

export const SUCCESS_BOOKING_MESSAGE = 'Booking is successfull.'; // SPEC.md section 8, spelled so.
/** A calendar feed spans at most this many days (two months), so one request stays small. */
export const MAX_CALENDAR_RANGE_DAYS = 62;

const timeZoneSchema = timeZoneInput('Use an IANA time zone such as Europe/London.');

/** `admin-course-schedule-by-date`: one day of classes; tz defaults to the school's APP_TIMEZONE. */
export const scheduleByDateQuerySchema = z.object({ date: isoDateInput, tz: timeZoneSchema.optional() });

/** The calendar's month feed: days from..to inclusive, in tz. */
export const calendarQuerySchema = z
  .object({ from: isoDateInput, to: isoDateInput, tz: timeZoneSchema.optional() })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to.', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_CALENDAR_RANGE_DAYS, {
    message: `Ask for at most ${MAX_CALENDAR_RANGE_DAYS} days.`,
    path: ['to'],
  });

/** SPEC.md section 7 item plus seats_left, starts_at and whether it can be booked now. */
export const calendarClassSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string().nullable(),
  course_color: z.string().nullable(),
  // The type's CEFR range (both null for all levels) and description, for the timetable.
  level_min: cefrLevelSchema.nullable(),
  level_max: cefrLevelSchema.nullable(),
  course_description: z.string().nullable(),
  // A club class: booked with the Conversation Club pass, never tokens.
  club: z.boolean(),
  title: z.string().nullable(),
  number_token: z.number().int(),
  schedule_time: z.iso.datetime(),
  starts_at: z.iso.datetime(),
  duration_min: z.number().int(),
  seats_left: z.number().int(),
  bookable: z.boolean(),
  /** Full, still to come and before the waitlist cutoff: the overlay offers Join waitlist. */
  waitlist_open: z.boolean(),
  /** The weekly series the class belongs to: learners can book the rest of it. */
  series_id: z.number().int().nullable(),
  // Who teaches it (the timetable shows and filters by it).
  teacher_id: z.number().int().nullable(),
  teacher_name: z.string().nullable(),
});
export type CalendarClass = z.infer<typeof calendarClassSchema>;
export const calendarClassListResponseSchema = envelope(z.array(calendarClassSchema));

/**
 * GET timetable-options: what the timetable's filters offer, every active class type and teacher of the
 * school (not only those of the week shown), and when the next class starts, so the timetable can open
 * on a week with classes and say when that is.
 */
export const timetableOptionsSchema = z.object({
  types: z.array(z.object({ id: z.number().int(), title: z.string() })),
  teachers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The start of the first scheduled class still to come, within a year; null when there is none. */
  next_class_at: z.iso.datetime().nullable(),
});
export type TimetableOptions = z.infer<typeof timetableOptionsSchema>;
export const timetableOptionsResponseSchema = envelope(timetableOptionsSchema);

/** GET calendar-class/:id: one class for its own page, cancelled ones too (they say so). */
export const classDetailsSchema = calendarClassSchema.extend({
  status: z.enum(['scheduled', 'cancelled']),
  /** The teacher's short profile on the class page. */
  teacher_bio: z.string().nullable(),
});
export type ClassDetails = z.infer<typeof classDetailsSchema>;
export const classDetailsResponseSchema = envelope(classDetailsSchema);

/**
 * SPEC.md "Booking intent". Only schedule_id counts: the credits charged come from the schedule, never
 * from the request (DESIGN.md section 6); the other fields are accepted so SPEC.md clients still work.
 */
export const bookingIntentSchema = z.object({
  schedule_id: z.number().int().min(1).max(2_147_483_647),
  course_id: z.number().int().optional(),
  credits: z.number().int().optional(),
  date: singleLine(z.string().max(20)).optional(),
  time: singleLine(z.string().max(40)).optional(),
  /** The learner confirmed booking a class outside their level (the school's rule "warn" asks first). */
  confirm_level: z.boolean().optional(),
});
export type BookingIntent = z.infer<typeof bookingIntentSchema>;

export const BOOKING_STATUSES = ['booked', 'cancelled'] as const;

/** SPEC.md "Booking (user list)" plus id, status, starts_at and whether the learner may still cancel. */
export const userBookingSchema = z.object({
  id: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  schedule_id: z.number().int(),
  course: z.object({ course_title: z.string().nullable() }),
  schedule: z.object({
    course_title: z.string().nullable(),
    title: z.string(),
    schedule_time: z.iso.datetime(),
    duration_min: z.number().int(),
    meeting_link: z.string().nullable(),
    teacher_name: z.string().nullable(),
    status: z.enum(['scheduled', 'cancelled']),
  }),
  number_token: z.number().int(),
  starts_at: z.iso.datetime(),
  created_at: z.iso.datetime(),
  /**
   * When the school last changed the class (its time, teacher, type or released link) after this booking
   * was made, and mailed the learner; null when it has not. A moved class cancels free whatever the window.
   */
  changed_at: z.iso.datetime().nullable(),
  /** Active and not started: the learner may cancel, for free or late. */
  cancellable: z.boolean(),
  /** Cancelling now gives the credits back: it is before `cancel_until`. */
  free_cancellation: z.boolean(),
  /** The end of free cancellation: CANCEL_WINDOW_HOURS before the start. */
  cancel_until: z.iso.datetime(),
  /** Made after `cancel_until`: this booking never had free cancellation. */
  booked_inside_window: z.boolean(),
  /** Cancelled inside the window: the credits were kept, unless an administrator waived it. */
  late_cancel: z.boolean(),
  /** An administrator gave the credits of this late cancel or no-show back. */
  waived: z.boolean(),
});
export type UserBooking = z.infer<typeof userBookingSchema>;

/**
 * POST cancel-booking/:id?late=true. `late` is the learner's yes to losing the credits: a cancel inside
 * the window without it is refused, so a page opened before the window closed never forfeits credits
 * unannounced. A query, not a body, so SPEC.md-era clients that post nothing keep working.
 */
export const cancelBookingQuerySchema = z.object({ late: z.enum(['true', 'false']).optional() });
export type CancelBookingQuery = z.infer<typeof cancelBookingQuerySchema>;

export const WAIVER_REASON_MAX = 200;
/** POST admin-booking/:id/waive: why the credits of a late cancel or a no-show go back. */
export const waiveBodySchema = z.object({
  reason: singleLine(z.string().trim().min(1, { message: 'Give a reason.' }).max(WAIVER_REASON_MAX)),
});
export type WaiveBody = z.infer<typeof waiveBodySchema>;
export const waiveResponseSchema = z.object({
  data: z.object({ booking_id: z.number().int(), credits: z.number().int(), balance: z.number().int() }),
  message: z.string(),
});

export const bookingResponseSchema = z.object({ data: userBookingSchema, message: z.string() });
export const userBookingPageResponseSchema = envelope(paginated(userBookingSchema));
/**
 * The tabs of the learner's booking list: `upcoming` the active bookings of classes not yet ended, soonest
 * first; `past` the active bookings of classes that have ended, latest first; `cancelled` the cancelled
 * ones, latest class first.
 */
export const BOOKING_LIST_FILTERS = ['upcoming', 'past', 'cancelled'] as const;
export type BookingListFilter = (typeof BOOKING_LIST_FILTERS)[number];
export const userBookingsQuerySchema = z.object({
  page: pageInput.default(1),
  when: z
    .enum(BOOKING_LIST_FILTERS)
    .optional()
    .describe(
      'upcoming: active bookings of classes not yet ended, soonest first; past: ended, latest first; cancelled: cancelled bookings, latest class first. Without it, every booking, latest class first.',
    ),
  // Kept for older clients: scope=upcoming is when=upcoming; `when` wins when both are given.
  scope: z
    .enum(['all', 'upcoming'])
    .default('all')
    .describe('Older form of `when`: upcoming is when=upcoming, all (the default) every booking.'),
});

export const adminCancelScheduleResponseSchema = z.object({
  data: z.object({
    id: z.number().int(),
    status: z.literal('cancelled'),
    refunded_bookings: z.number().int(),
  }),
  message: z.string(),
});

/**
 * GET book-class-preview/:id: what booking this class would do, for the confirmation step.
 * The server applies its own rules (the lots expiring first, the cancellation window); booking itself
 * checks everything again.
 */
export const bookingPreviewSchema = z.object({
  schedule_id: z.number().int(),
  course_title: z.string().nullable(),
  title: z.string().nullable(),
  starts_at: z.iso.datetime(),
  duration_min: z.number().int(),
  credits: z.number().int(),
  balance: z.number().int(),
  // Negative when the balance is short: the booking would then be refused.
  balance_after: z.number().int(),
  // The lots the credits would come from, the one expiring first first.
  uses: z.array(z.object({ credits: z.number().int(), expires_at: z.iso.datetime() })),
  cancel_window_hours: z.number(),
  cancel_until: z.iso.datetime(),
  // False when the class starts inside the window: booked now, it cannot be cancelled for free.
  free_cancellation: z.boolean(),
  already_booked: z.boolean(),
  /**
   * A club class: booked with the Club pass (credits 0), never tokens. `covered` when the learner's pass
   * covers its start; the week's club bookings (of the school week of its start) against the allowance.
   * Null for every other class.
   */
  club: z
    .object({
      covered: z.boolean(),
      pass_until: z.iso.datetime().nullable(),
      week_booked: z.number().int(),
      week_allowance: z.number().int(),
    })
    .nullable(),
  /** The learner's level against the class's: outside it, "warn" asks to confirm and "refuse" says no. */
  level: bookingLevelSchema,
});
export type BookingPreview = z.infer<typeof bookingPreviewSchema>;
export const bookingPreviewResponseSchema = envelope(bookingPreviewSchema);

/**
 * GET user-booked-schedules: the classes still to come the learner holds a booking for, with what the
 * timetable's Cancel needs.
 */
export const bookedClassSchema = z.object({
  schedule_id: z.number().int(),
  booking_id: z.number().int(),
  credits: z.number().int(),
  cancellable: z.boolean(),
  free_cancellation: z.boolean(),
  cancel_until: z.iso.datetime(),
  /** Made after `cancel_until`: this booking never had free cancellation. */
  booked_inside_window: z.boolean(),
  /** The class's link is released (the school's lead time before the start): Join opens its room. */
  join_open: z.boolean(),
});
export type BookedClass = z.infer<typeof bookedClassSchema>;
export const bookedSchedulesResponseSchema = envelope(z.array(bookedClassSchema));
