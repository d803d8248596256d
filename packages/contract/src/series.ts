import { z } from 'zod';
import { skippedClosedDaySchema } from './closed-days.ts';
import { envelope, idInput, isoDateInput, numberInput } from './common.ts';
import { bookingLevelSchema } from './levels.ts';
import { scheduleClassFieldsSchema } from './schedules.ts';

/** A series runs for at most a year at a time; extending adds at most as many weeks again. */
export const SERIES_MAX_WEEKS = 52;
/** 0 = Sunday ... 6 = Saturday, as JavaScript's getDay; the form lists them from Monday. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const weeksInput = numberInput(
  'Number of weeks must be a number.',
  z
    .number()
    .int('Number of weeks must be a whole number.')
    .min(1, 'Number of weeks must be at least 1.')
    .max(SERIES_MAX_WEEKS, `Number of weeks must be at most ${SERIES_MAX_WEEKS}.`),
);

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/**
 * The weekly rule: on these weekdays at this wall-clock time in the school's zone (APP_TIMEZONE), from the
 * first date until the end date or for a number of weeks (one of the two).
 */
export const seriesRuleFields = {
  weekdays: z
    .array(z.number().int().min(0).max(6), { error: 'Choose at least one day of the week.' })
    .min(1, 'Choose at least one day of the week.')
    .max(7)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  start_time: z
    .string({ error: 'Choose a start time.' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 18:00.'),
  first_date: isoDateInput,
  end_date: z
    .union([z.literal(''), z.null(), isoDateInput])
    .optional()
    .transform((value) => value || undefined),
  weeks: z
    .union([z.literal(''), z.null(), weeksInput])
    .optional()
    .transform((value) => (typeof value === 'number' ? value : undefined)),
};

/** POST admin-class-series. */
export const seriesCreateBodySchema = scheduleClassFieldsSchema
  .extend(seriesRuleFields)
  .superRefine((body, ctx) => {
    if ((body.end_date === undefined) === (body.weeks === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['weeks'],
        message: 'Give either an end date or a number of weeks.',
      });
      return;
    }
    if (body.end_date !== undefined) {
      const days = daysBetween(body.first_date, body.end_date);
      if (days < 0)
        ctx.addIssue({
          code: 'custom',
          path: ['end_date'],
          message: 'The end date cannot be before the first date.',
        });
      else if (days >= SERIES_MAX_WEEKS * 7)
        ctx.addIssue({
          code: 'custom',
          path: ['end_date'],
          message: `A series runs for at most ${SERIES_MAX_WEEKS} weeks.`,
        });
    }
  });
export type SeriesCreateInput = z.input<typeof seriesCreateBodySchema>;
export type SeriesCreateBody = z.output<typeof seriesCreateBodySchema>;

export const classSeriesSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  title: z.string(),
  weekdays: z.array(z.number().int()),
  start_time: z.string(),
  /** The zone whose wall clock the start time is read in (the school's when the series was made). */
  time_zone: z.string(),
  first_date: z.string(),
  end_date: z.string(),
  /** Classes of the series, cancelled ones included, and those still to come and on. */
  classes: z.number().int(),
  upcoming: z.number().int(),
});
export type ClassSeries = z.infer<typeof classSeriesSchema>;
export const classSeriesResponseSchema = envelope(classSeriesSchema);
/** GET admin-class-series: the series, and the school's zone a new series' start time is read in. */
export const classSeriesListResponseSchema = envelope(
  z.object({ time_zone: z.string(), series: z.array(classSeriesSchema) }),
);
export type ClassSeriesList = z.infer<typeof classSeriesListResponseSchema>['data'];
export const classSeriesCreatedResponseSchema = z.object({
  data: classSeriesSchema.extend({
    created: z.number().int(),
    /** Days of the rule the school is closed on, left without a class. */
    skipped_closed_days: z.array(skippedClosedDaySchema),
  }),
  message: z.string(),
});

export type ClassSeriesCreated = z.infer<typeof classSeriesCreatedResponseSchema>['data'];

/** POST admin-class-series/:id/extend: more weeks after the current end date. */
export const seriesExtendBodySchema = z.object({ weeks: weeksInput });

/** PUT admin-course-schedule/:id/following: how many classes the change reached. */
export const followingUpdatedResponseSchema = z.object({
  data: z.object({ updated: z.number().int() }),
  message: z.string(),
});

/** POST admin-course-schedule/:id/cancel-following. */
export const followingCancelledResponseSchema = z.object({
  data: z.object({ cancelled_classes: z.number().int(), refunded_bookings: z.number().int() }),
  message: z.string(),
});

/** Why an occurrence of a series was not (or would not be) booked. */
export const SERIES_SKIP_REASONS = [
  'full',
  'already_booked',
  'not_enough_credits',
  'outside_level',
  'unavailable',
  // A club class is booked with the Club pass, never with credits (docs/booking-and-credits.md).
  'needs_club_pass',
  'club_week_full',
] as const;
export type SeriesSkipReason = (typeof SERIES_SKIP_REASONS)[number];

const occurrenceSchema = z.object({
  schedule_id: z.number().int(),
  starts_at: z.iso.datetime(),
  credits: z.number().int(),
});

/**
 * GET book-series-preview/:id: the classes of the series from this one on that are still to come, which
 * of them booking the rest would take (in date order, while the balance lasts), and what it would cost.
 */
export const seriesBookingPreviewSchema = z.object({
  series_id: z.number().int(),
  course_title: z.string(),
  title: z.string(),
  /** A Conversation Club series: its classes are booked with the Club pass and cost no credits. */
  club: z.boolean(),
  to_book: z.array(occurrenceSchema),
  skipped: z.array(occurrenceSchema.extend({ reason: z.enum(SERIES_SKIP_REASONS) })),
  total_credits: z.number().int(),
  balance: z.number().int(),
  balance_after: z.number().int(),
  /** The learner's level against the series' class type, as the single booking's confirmation shows it. */
  level: bookingLevelSchema,
});
export type SeriesBookingPreview = z.infer<typeof seriesBookingPreviewSchema>;
export const seriesBookingPreviewResponseSchema = envelope(seriesBookingPreviewSchema);

/** POST book-series: the class the learner starts from; the rest of its series is booked. */
export const bookSeriesBodySchema = z.object({
  schedule_id: idInput('schedule_id must be a whole number from 1.'),
  /** The learner confirmed booking classes outside their level (the school's rule "warn" asks first). */
  confirm_level: z.boolean().optional(),
});

export const bookSeriesResultSchema = z.object({
  booked: z.array(occurrenceSchema.extend({ booking_id: z.number().int() })),
  not_booked: z.array(occurrenceSchema.extend({ reason: z.enum(SERIES_SKIP_REASONS) })),
  credits_spent: z.number().int(),
});
export type BookSeriesResult = z.infer<typeof bookSeriesResultSchema>;
export const bookSeriesResponseSchema = z.object({ data: bookSeriesResultSchema, message: z.string() });
