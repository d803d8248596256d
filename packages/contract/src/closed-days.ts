import { z } from 'zod';
import { DAY_RANGE_ORDER, dayRangeInOrder, envelope, isoDateInput, singleLine } from './common.ts';

// The school's closed days (holidays): a date in the school's time zone with a name. Weekly series skip
// them, a single class is put on one only when the administrator confirms, and the timetable names them.

export const CLOSED_DAY_NAME_MAX_LENGTH = 100;

export const closedDaySchema = z.object({
  id: z.number().int(),
  /** The school's day, e.g. 2026-12-25. */
  day: z.string(),
  name: z.string(),
});
export type ClosedDay = z.infer<typeof closedDaySchema>;
export const closedDayListResponseSchema = envelope(z.array(closedDaySchema));

/** A class still on that a closed day falls on, as the administrator is shown it before adding the day. */
export const closedDayClassSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  starts_at: z.string(),
  teacher_name: z.string().nullable(),
  /** Active bookings: each is refunded and mailed when the class is cancelled. */
  seats_taken: z.number().int(),
});
export type ClosedDayClass = z.infer<typeof closedDayClassSchema>;

/** GET admin-closed-days/classes?day=: the classes still on that day; nothing is changed. */
export const closedDayClassesQuerySchema = z.object({ day: isoDateInput });
export const closedDayClassesResponseSchema = envelope(z.array(closedDayClassSchema));

/** POST admin-closed-days: the day, its name, and whether to cancel the classes still on it. */
export const closedDayBodySchema = z.object({
  day: isoDateInput,
  name: singleLine(
    z
      .string({ error: 'Give the closed day a name.' })
      .trim()
      .min(1, 'Give the closed day a name.')
      .max(CLOSED_DAY_NAME_MAX_LENGTH, `The name can be at most ${CLOSED_DAY_NAME_MAX_LENGTH} characters.`),
  ),
  /** Cancel every class still on that day, each as Cancel class does (refunds, mails, waitlist). */
  cancel_classes: z.boolean().optional().default(false),
});
export type ClosedDayInput = z.input<typeof closedDayBodySchema>;
export type ClosedDayBody = z.output<typeof closedDayBodySchema>;

export const closedDayCreatedResponseSchema = z.object({
  data: closedDaySchema.extend({
    cancelled_classes: z.number().int(),
    refunded_bookings: z.number().int(),
  }),
  message: z.string(),
});
export type ClosedDayCreated = z.infer<typeof closedDayCreatedResponseSchema>['data'];

/** GET closed-days?from=&to=: the school's closed days in a range of its days (at most a year), for the timetable. */
export const CLOSED_DAYS_RANGE_MAX_DAYS = 366;
export const closedDaysQuerySchema = z
  .object({ from: isoDateInput, to: isoDateInput })
  .refine(dayRangeInOrder, DAY_RANGE_ORDER)
  .refine(
    (range) => (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 <= CLOSED_DAYS_RANGE_MAX_DAYS,
    {
      message: `Ask for at most ${CLOSED_DAYS_RANGE_MAX_DAYS} days at a time.`,
      path: ['to'],
    },
  );
export const publicClosedDaySchema = closedDaySchema.omit({ id: true });
export type PublicClosedDay = z.infer<typeof publicClosedDaySchema>;
export const publicClosedDaysResponseSchema = envelope(z.array(publicClosedDaySchema));

/** A series' classes left out because their day is closed. */
export const skippedClosedDaySchema = z.object({ day: z.string(), name: z.string() });
