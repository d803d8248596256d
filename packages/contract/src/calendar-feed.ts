import { z } from 'zod';
import { envelope } from './common.ts';

/**
 * A learner's private calendar subscription. The same feed at two addresses: `url` for
 * calendars that take an https address, `webcal_url` for those that open webcal:// links themselves.
 */
export const calendarFeedSchema = z.object({
  url: z.url(),
  webcal_url: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
export const calendarFeedResponseSchema = envelope(calendarFeedSchema);
export const calendarFeedResetResponseSchema = envelope(calendarFeedSchema).extend({ message: z.string() });

/** How many days of past classes the feed keeps, so a calendar still shows last month's lessons. */
export const CALENDAR_FEED_PAST_DAYS = 30;

export const CALENDAR_FEED_RESET_MESSAGE =
  'Your calendar link was reset. The old link no longer works: subscribe again with the new one.';

/** The feed's address carries its secret; anything that cannot be one is simply not found. */
export const calendarFeedParamsSchema = z.object({ token: z.string().max(100) });
