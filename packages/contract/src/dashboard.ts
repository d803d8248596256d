import { z } from 'zod';
import { envelope } from './common.ts';

export const DASHBOARD_UPCOMING_LIMIT = 10;

export const upcomingClassSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  course_title: z.string(),
  starts_at: z.string(),
  teacher_name: z.string().nullable(),
  seats_taken: z.number().int(),
  no_of_users: z.number().int(),
});
export type UpcomingClass = z.infer<typeof upcomingClassSchema>;

/** GET admin-dashboard: the five cards of SPEC.md "Admin dashboard" with real figures. */
export const dashboardSchema = z.object({
  // Learners (role user): counted up to 10,000, past that PostgreSQL's estimate, which the next says.
  total_users: z.number().int(),
  total_users_is_estimate: z.boolean().optional(),
  // Teacher accounts that are not disabled.
  active_teachers: z.number().int(),
  // Active bookings of classes taking place this week (Monday to Sunday in the school's time zone).
  bookings_this_week: z.number().int(),
  // USD of this calendar month's payments (school's time zone) net of refunds: the payment list's net.
  token_sales: z.number(),
  // USD the active subscriptions that will renew bring in at their next renewal.
  upcoming_sales: z.number(),
  // Places on the waitlists of classes still to come.
  waitlisted: z.number().int(),
  // Learners whose Conversation Club pass runs now.
  club_passes: z.number().int(),
  // USD of this calendar month's club plan payments net of refunds (part of token_sales).
  club_revenue: z.number(),
  upcoming_classes: z.array(upcomingClassSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = envelope(dashboardSchema);
