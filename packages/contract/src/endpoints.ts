import { adminEndpoints } from './endpoints/admin';
import { authEndpoints } from './endpoints/auth';
import { bookingsEndpoints } from './endpoints/bookings';
import { calendarFeedEndpoints } from './endpoints/calendar-feed';
import { classroomEndpoints } from './endpoints/classroom';
import { contactEndpoints } from './endpoints/contact';
import { coursesEndpoints } from './endpoints/courses';
import { creditsEndpoints } from './endpoints/credits';
import { giftsEndpoints } from './endpoints/gifts';
import { healthEndpoints } from './endpoints/health';
import { homeworkEndpoints } from './endpoints/homework';
import { learningPathEndpoints } from './endpoints/learning-path';
import { mailEndpoints } from './endpoints/mail';
import { materialsEndpoints } from './endpoints/materials';
import { paymentsEndpoints } from './endpoints/payments';
import { promoCodesEndpoints } from './endpoints/promo-codes';
import { referralsEndpoints } from './endpoints/referrals';
import { schedulesEndpoints } from './endpoints/schedules';
import { schoolSettingsEndpoints } from './endpoints/school-settings';
import { siteEndpoints } from './endpoints/site';
import { teachersEndpoints } from './endpoints/teachers';
import { tokenPlansEndpoints } from './endpoints/token-plans';
import { usersEndpoints } from './endpoints/users';
import { waitlistEndpoints } from './endpoints/waitlist';

export * from './endpoints/spec';

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
