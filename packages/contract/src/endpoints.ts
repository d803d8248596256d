// Every call of the API, SPEC.md section 7 plus the calls we added. The server registers exactly these
// paths; the hostile-input test walks this list. Paths are relative to /api/; `:name` marks a path parameter.
export const ENDPOINTS = {
  health: { method: 'GET', path: 'health', auth: 'public' },
  register: { method: 'POST', path: 'register', auth: 'public' },
  login: { method: 'POST', path: 'login', auth: 'public' },
  adminLogin: { method: 'POST', path: 'admin-login', auth: 'public' },
  logout: { method: 'POST', path: 'logout', auth: 'any' },
  userDetails: { method: 'GET', path: 'user-details', auth: 'any' },
  userDetailsSave: { method: 'POST', path: 'user-details-save', auth: 'any' },
  membershipTokens: { method: 'GET', path: 'get-membership-token', auth: 'public' },
  membershipToken: { method: 'GET', path: 'get-single-membership-token/:id', auth: 'public' },
  // Admin catalogue (issue 3).
  adminCourses: { method: 'GET', path: 'admin-courses', auth: 'admin' },
  adminCourse: { method: 'GET', path: 'admin-courses/:id', auth: 'admin' },
  adminCourseCreate: { method: 'POST', path: 'admin-courses', auth: 'admin' },
  adminCourseUpdate: { method: 'PUT', path: 'admin-courses/:id', auth: 'admin' },
  adminCoursesList: { method: 'GET', path: 'admin-courses-list', auth: 'admin' },
  adminSchedules: { method: 'GET', path: 'admin-course-schedule', auth: 'admin' },
  adminSchedule: { method: 'GET', path: 'admin-course-schedule/:id', auth: 'admin' },
  adminScheduleCreate: { method: 'POST', path: 'admin-course-schedule', auth: 'admin' },
  adminScheduleUpdate: { method: 'PUT', path: 'admin-course-schedule/:id', auth: 'admin' },
  adminTokenPlans: { method: 'GET', path: 'admin-user-token', auth: 'admin' },
  adminTokenPlan: { method: 'GET', path: 'admin-user-token/:id', auth: 'admin' },
  adminTokenPlanCreate: { method: 'POST', path: 'admin-user-token', auth: 'admin' },
  adminTokenPlanUpdate: { method: 'PUT', path: 'admin-user-token/:id', auth: 'admin' },
  adminStudents: { method: 'GET', path: 'admin-user-list', auth: 'admin' },
  adminStudent: { method: 'GET', path: 'admin-student/:id', auth: 'admin' },
  adminAdmins: { method: 'GET', path: 'admin-adminuser-list', auth: 'admin' },
  adminAdminCreate: { method: 'POST', path: 'admin-adminuser', auth: 'admin' },
  adminPayments: { method: 'GET', path: 'get-payment-list', auth: 'admin' },
  adminDashboard: { method: 'GET', path: 'admin-dashboard', auth: 'admin' },
  // Booking engine (issue 4).
  scheduleByDate: { method: 'GET', path: 'admin-course-schedule-by-date', auth: 'public' },
  calendarSchedules: { method: 'GET', path: 'calendar-schedules', auth: 'public' },
  userToken: { method: 'GET', path: 'get-user-token', auth: 'user' },
  userCreditSummary: { method: 'GET', path: 'user-credit-summary', auth: 'user' },
  bookClass: { method: 'POST', path: 'book-class', auth: 'user' },
  userBookings: { method: 'GET', path: 'user-course-schedule', auth: 'user' },
  cancelBooking: { method: 'POST', path: 'cancel-booking/:id', auth: 'user' },
  bookingIcs: { method: 'GET', path: 'booking-ics/:id', auth: 'user' },
  adminScheduleCancel: { method: 'POST', path: 'admin-course-schedule/:id/cancel', auth: 'admin' },
  adminUserCredits: { method: 'GET', path: 'admin-user-credits/:id', auth: 'admin' },
  adminUserCreditsAdjust: { method: 'POST', path: 'admin-user-credits/:id', auth: 'admin' },
  // Payments (issue 5).
  paymentConfig: { method: 'GET', path: 'payment-config', auth: 'public' },
  paymentIntent: { method: 'POST', path: 'payment/intent', auth: 'user' },
  oneTimePayment: { method: 'POST', path: 'one-time-payment', auth: 'user' },
  subscription: { method: 'POST', path: 'subscription', auth: 'user' },
  confirmSubscription: { method: 'POST', path: 'confirm-subscription/:id', auth: 'user' },
  userSubscriptions: { method: 'GET', path: 'get-user-subscriptions', auth: 'user' },
  cancelSubscription: { method: 'POST', path: 'cancel-subscription/:id', auth: 'user' },
  userPayments: { method: 'GET', path: 'get-user-payment-list', auth: 'user' },
  // Signed by the provider, not by a session; the raw body is verified before anything is read.
  stripeWebhook: { method: 'POST', path: 'stripe/webhook', auth: 'public' },
  // The demo gateway's stand-ins for Stripe.js calls; registered only when no Stripe keys are set.
  demoPaymentMethod: { method: 'POST', path: 'demo-gateway/payment-method', auth: 'user' },
  demoConfirmCardPayment: { method: 'POST', path: 'demo-gateway/confirm-card-payment', auth: 'user' },
  demoAuthenticate: { method: 'POST', path: 'demo-gateway/authenticate', auth: 'user' },
} as const satisfies Record<
  string,
  { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; auth: 'public' | 'any' | 'user' | 'admin' }
>;

export type EndpointName = keyof typeof ENDPOINTS;
