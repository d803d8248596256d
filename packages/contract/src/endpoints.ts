import { adminEndpoints } from './endpoints/admin.ts';
import { authEndpoints } from './endpoints/auth.ts';
import { bookingsEndpoints } from './endpoints/bookings.ts';
import { calendarFeedEndpoints } from './endpoints/calendar-feed.ts';
import { classroomEndpoints } from './endpoints/classroom.ts';
import { contactEndpoints } from './endpoints/contact.ts';
import { coursesEndpoints } from './endpoints/courses.ts';
import { creditsEndpoints } from './endpoints/credits.ts';
import { giftsEndpoints } from './endpoints/gifts.ts';
import { healthEndpoints } from './endpoints/health.ts';
import { homeworkEndpoints } from './endpoints/homework.ts';
import { learningPathEndpoints } from './endpoints/learning-path.ts';
import { mailEndpoints } from './endpoints/mail.ts';
import { materialsEndpoints } from './endpoints/materials.ts';
import { paymentsEndpoints } from './endpoints/payments.ts';
import { promoCodesEndpoints } from './endpoints/promo-codes.ts';
import { referralsEndpoints } from './endpoints/referrals.ts';
import { schedulesEndpoints } from './endpoints/schedules.ts';
import { schoolSettingsEndpoints } from './endpoints/school-settings.ts';
import { siteEndpoints } from './endpoints/site.ts';
import { teachersEndpoints } from './endpoints/teachers.ts';
import { tokenPlansEndpoints } from './endpoints/token-plans.ts';
import { usersEndpoints } from './endpoints/users.ts';
import { waitlistEndpoints } from './endpoints/waitlist.ts';

export * from './endpoints/spec.ts';

export const ENDPOINTS = {
  ...healthEndpoints,
  ...authEndpoints,
  ...mailEndpoints,
  ...contactEndpoints,
  ...tokenPlansEndpoints,
  ...coursesEndpoints,
  ...schedulesEndpoints,
  ...usersEndpoints,
  ...adminEndpoints,
  ...paymentsEndpoints,
  ...schoolSettingsEndpoints,
  ...siteEndpoints,
  ...bookingsEndpoints,
  ...creditsEndpoints,
  ...calendarFeedEndpoints,
  ...waitlistEndpoints,
  ...referralsEndpoints,
  ...giftsEndpoints,
  ...promoCodesEndpoints,
  ...teachersEndpoints,
  ...learningPathEndpoints,
  ...classroomEndpoints,
  ...materialsEndpoints,
  ...homeworkEndpoints,
};

export type EndpointName = keyof typeof ENDPOINTS;
