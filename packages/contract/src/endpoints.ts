// Every call of the API, SPEC.md section 7 plus the calls we added. The server registers exactly these
// paths; the hostile-input test walks this list, and the OpenAPI document (/api/docs) is generated from
// it and the routes' zod schemas. Paths are relative to /api/; `:name` marks a path parameter.
//
// What the document needs and cannot read from a route is said here, and every field is required, so a
// new call does not compile until it is complete. Statuses that follow from the call's kind are added to
// the document by the server (apps/server/src/plugins/openapi-operation.ts), not listed here: 401 (and
// 403 for a role or a cookie-authenticated write) from `auth`, 400/413/415 for a body, 422 for a body,
// query or path parameters, 429 for `rateLimited`. `errors` gives the others, each with its reason.

/** The document's tags, one per feature, with what they hold. */
export const API_TAGS = {
  health: 'Whether the server, its database and its job queue answer.',
  auth: 'Accounts and sessions: sign-up, sign-in, the signed-in user.',
  'token plans': 'Token packages and memberships on sale.',
  calendar: 'The public timetable of classes.',
  bookings: 'Booking, cancelling and listing classes, and the calendar file of a booking.',
  credits: 'Credit balances and the ledger.',
  payments: 'Card payments and subscriptions of a learner, and the Stripe webhook.',
  'payments: demo gateway': "The demo gateway's stand-ins for Stripe.js, present only without Stripe keys.",
  'admin: class types': 'Administration of class types.',
  'admin: schedules': 'Administration of scheduled classes.',
  'admin: token plans': 'Administration of token packages and memberships.',
  'admin: users': 'Learners and administrators.',
  'admin: payments': 'Payments of every learner.',
  'admin: dashboard': 'Figures for the administration dashboard.',
  'admin: mail': 'The outbox: every mail the school sent or, without SMTP, kept.',
} as const;
export type ApiTag = keyof typeof API_TAGS;

/** Error statuses a call may declare with their reason; 401/403/422/429 and the body errors are derived. */
export type DeclaredErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 422 | 503;

export type Auth = 'public' | 'any' | 'user' | 'admin';

export type EndpointSpec = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  auth: Auth;
  tag: ApiTag;
  /** One line for the document's list of operations. */
  summary: string;
  /** The statuses this call answers beyond those derived from its kind, each with when ({} if none). */
  errors: Partial<Record<DeclaredErrorStatus, string>>;
  /** Counted by the attempt limiter: 429 with Retry-After once the limit is reached. */
  rateLimited?: true;
  /** The success body's media type when it is not JSON. */
  mediaType?: 'text/calendar';
};

const NOT_FOUND_OWN = 'No such item of the signed-in learner.';

export const ENDPOINTS = {
  health: {
    method: 'GET',
    path: 'health',
    auth: 'public',
    tag: 'health',
    summary: 'Liveness with a real database round trip',
    errors: { 503: 'The database is unreachable.' },
  },
  ready: {
    method: 'GET',
    path: 'ready',
    auth: 'public',
    tag: 'health',
    summary: 'Readiness for a load balancer or orchestrator: the database and the job queue answer in time',
    errors: { 503: 'The database or the job queue is unavailable; the message says which.' },
  },
  register: {
    method: 'POST',
    path: 'register',
    auth: 'public',
    tag: 'auth',
    summary: 'Create a learner account (role user) and sign in; 201 with the login body and cookie',
    errors: { 422: 'Also when the email is already registered.' },
    rateLimited: true,
  },
  login: {
    method: 'POST',
    path: 'login',
    auth: 'public',
    tag: 'auth',
    summary: 'Sign in (any role); remember keeps the session 30 days instead of 12 hours',
    errors: { 401: 'Wrong email or password.' },
    rateLimited: true,
  },
  adminLogin: {
    method: 'POST',
    path: 'admin-login',
    auth: 'public',
    tag: 'auth',
    summary: 'Sign in as an administrator',
    errors: { 401: 'Wrong email or password.', 403: 'The account is not an administrator.' },
    rateLimited: true,
  },
  logout: {
    method: 'POST',
    path: 'logout',
    auth: 'any',
    tag: 'auth',
    summary: 'Revoke the current session and clear the cookie',
    errors: {},
  },
  userDetails: {
    method: 'GET',
    path: 'user-details',
    auth: 'any',
    tag: 'auth',
    summary: 'The signed-in user',
    errors: {},
  },
  userDetailsSave: {
    method: 'POST',
    path: 'user-details-save',
    auth: 'any',
    tag: 'auth',
    summary:
      'Change name and, optionally, password (needs current_password and password_confirmation; other sessions are signed out)',
    errors: { 422: 'Also when current_password is wrong.' },
  },
  forgotPassword: {
    method: 'POST',
    path: 'forgot-password',
    auth: 'public',
    tag: 'auth',
    summary: 'Mail a link to set a new password; the same answer whether or not the account exists',
    errors: {},
    rateLimited: true,
  },
  resetPassword: {
    method: 'POST',
    path: 'reset-password',
    auth: 'public',
    tag: 'auth',
    summary:
      'Set a new password with the token of a reset link (once, within 60 minutes); signs out every session',
    errors: {
      404: 'The link is not valid.',
      409: 'The link has already been used or has expired.',
    },
    rateLimited: true,
  },
  adminMailOutbox: {
    method: 'GET',
    path: 'admin-mail-outbox',
    auth: 'admin',
    tag: 'admin: mail',
    summary: 'Mails of the outbox, newest first, paginated',
    errors: {},
  },
  adminMailOutboxItem: {
    method: 'GET',
    path: 'admin-mail-outbox/:id',
    auth: 'admin',
    tag: 'admin: mail',
    summary: 'One mail of the outbox as rendered: both parts, headers and attachments',
    errors: { 404: 'No such mail.' },
  },
  membershipTokens: {
    method: 'GET',
    path: 'get-membership-token',
    auth: 'public',
    tag: 'token plans',
    summary: 'Token packages and memberships on sale; amount in USD',
    errors: {},
  },
  membershipToken: {
    method: 'GET',
    path: 'get-single-membership-token/:id',
    auth: 'public',
    tag: 'token plans',
    summary: 'One token plan on sale',
    errors: { 404: 'No such plan, or it is not on sale.' },
  },
  // Admin catalogue (issue 3).
  adminCourses: {
    method: 'GET',
    path: 'admin-courses',
    auth: 'admin',
    tag: 'admin: class types',
    summary: 'Class types: the whole list without page, a page of 15 with it',
    errors: {},
  },
  adminCourse: {
    method: 'GET',
    path: 'admin-courses/:id',
    auth: 'admin',
    tag: 'admin: class types',
    summary: 'One class type',
    errors: { 404: 'No such class type.' },
  },
  adminCourseCreate: {
    method: 'POST',
    path: 'admin-courses',
    auth: 'admin',
    tag: 'admin: class types',
    summary: 'Add a class type (course_title, status 1/0, color hex, token)',
    errors: {},
  },
  adminCourseUpdate: {
    method: 'PUT',
    path: 'admin-courses/:id',
    auth: 'admin',
    tag: 'admin: class types',
    summary: 'Change a class type',
    errors: { 404: 'No such class type.' },
  },
  adminCoursesList: {
    method: 'GET',
    path: 'admin-courses-list',
    auth: 'admin',
    tag: 'admin: class types',
    summary: 'Active class types, for selects',
    errors: {},
  },
  adminSchedules: {
    method: 'GET',
    path: 'admin-course-schedule',
    auth: 'admin',
    tag: 'admin: schedules',
    summary: 'Scheduled classes, 15 a page: upcoming first, then past',
    errors: {},
  },
  adminSchedule: {
    method: 'GET',
    path: 'admin-course-schedule/:id',
    auth: 'admin',
    tag: 'admin: schedules',
    summary: 'One scheduled class',
    errors: { 404: 'No such class.' },
  },
  adminScheduleCreate: {
    method: 'POST',
    path: 'admin-course-schedule',
    auth: 'admin',
    tag: 'admin: schedules',
    summary: 'Schedule a class (type as id or course_id); token defaults to the type',
    errors: { 422: 'Also for a past date or an unknown class type.' },
  },
  adminScheduleUpdate: {
    method: 'PUT',
    path: 'admin-course-schedule/:id',
    auth: 'admin',
    tag: 'admin: schedules',
    summary: 'Change a class; past dates allowed',
    errors: { 404: 'No such class.', 422: 'Also when no_of_users is below the seats taken.' },
  },
  adminTokenPlans: {
    method: 'GET',
    path: 'admin-user-token',
    auth: 'admin',
    tag: 'admin: token plans',
    summary: 'Every token plan (retired ones too), 15 a page; amount in USD',
    errors: {},
  },
  adminTokenPlan: {
    method: 'GET',
    path: 'admin-user-token/:id',
    auth: 'admin',
    tag: 'admin: token plans',
    summary: 'One token plan, on sale or not',
    errors: { 404: 'No such plan.' },
  },
  adminTokenPlanCreate: {
    method: 'POST',
    path: 'admin-user-token',
    auth: 'admin',
    tag: 'admin: token plans',
    summary: 'Add a package or a membership (interval_months required for a membership)',
    errors: {},
  },
  adminTokenPlanUpdate: {
    method: 'PUT',
    path: 'admin-user-token/:id',
    auth: 'admin',
    tag: 'admin: token plans',
    summary: 'Change title, credit, expiry (days) and optionally price (USD) and active (on sale)',
    errors: { 404: 'No such plan.' },
  },
  adminStudents: {
    method: 'GET',
    path: 'admin-user-list',
    auth: 'admin',
    tag: 'admin: users',
    summary: 'Learners (role user), newest first, 15 a page',
    errors: {},
  },
  adminStudent: {
    method: 'GET',
    path: 'admin-student/:id',
    auth: 'admin',
    tag: 'admin: users',
    summary: 'One learner with the latest bookings and payments and the token balance',
    errors: { 404: 'No such learner.' },
  },
  adminAdmins: {
    method: 'GET',
    path: 'admin-adminuser-list',
    auth: 'admin',
    tag: 'admin: users',
    summary: 'Administrators, newest first, 15 a page',
    errors: {},
  },
  adminAdminCreate: {
    method: 'POST',
    path: 'admin-adminuser',
    auth: 'admin',
    tag: 'admin: users',
    summary: 'Add an administrator (password at least 8 characters)',
    errors: { 422: 'Also when the email is already registered.' },
  },
  adminPayments: {
    method: 'GET',
    path: 'get-payment-list',
    auth: 'admin',
    tag: 'admin: payments',
    summary: 'Payments of every learner, newest first, 15 a page; amount in USD',
    errors: {},
  },
  adminDashboard: {
    method: 'GET',
    path: 'admin-dashboard',
    auth: 'admin',
    tag: 'admin: dashboard',
    summary:
      'Learners, teachers with upcoming classes, bookings this week, sales (USD) and the next 10 classes',
    errors: {},
  },
  // Booking engine (issue 4).
  scheduleByDate: {
    method: 'GET',
    path: 'admin-course-schedule-by-date',
    auth: 'public',
    tag: 'calendar',
    summary: "One day's classes (cancelled ones left out); tz defaults to APP_TIMEZONE",
    errors: {},
  },
  calendarSchedules: {
    method: 'GET',
    path: 'calendar-schedules',
    auth: 'public',
    tag: 'calendar',
    summary: 'Classes of days from..to inclusive (at most 62 days), for the month calendar',
    errors: {},
  },
  userToken: {
    method: 'GET',
    path: 'get-user-token',
    auth: 'user',
    tag: 'credits',
    summary: "The learner's usable credits (SPEC.md: data is the number)",
    errors: {},
  },
  userCreditSummary: {
    method: 'GET',
    path: 'user-credit-summary',
    auth: 'user',
    tag: 'credits',
    summary: 'Balance and the credits that expire next',
    errors: {},
  },
  userCredits: {
    method: 'GET',
    path: 'user-credits',
    auth: 'user',
    tag: 'credits',
    summary: 'Balance, next expiry and each usable lot with its source, remaining credits and days left',
    errors: {},
  },
  userCreditHistory: {
    method: 'GET',
    path: 'user-credit-history',
    auth: 'user',
    tag: 'credits',
    summary: "Every movement of the learner's credits with its class or plan, newest first, 15 a page",
    errors: {},
  },
  bookClass: {
    method: 'POST',
    path: 'book-class',
    auth: 'user',
    tag: 'bookings',
    summary: 'Book a class; the credits it costs come from the class',
    errors: {
      404: 'No such class.',
      409: 'The class is full, cancelled or started, already booked, or the credits are short.',
    },
  },
  bookingPreview: {
    method: 'GET',
    path: 'book-class-preview/:id',
    auth: 'user',
    tag: 'bookings',
    summary:
      'What booking a class would do: its cost, the balance after, the lots used, and whether it can be cancelled for free',
    errors: { 404: 'No such class.' },
  },
  userBookedSchedules: {
    method: 'GET',
    path: 'user-booked-schedules',
    auth: 'user',
    tag: 'bookings',
    summary: 'Ids of the classes still to come that the learner has booked (for the Booked state)',
    errors: {},
  },
  userBookings: {
    method: 'GET',
    path: 'user-course-schedule',
    auth: 'user',
    tag: 'bookings',
    summary: "The learner's bookings, 15 a page; scope=upcoming for active ones still to come",
    errors: {},
  },
  cancelBooking: {
    method: 'POST',
    path: 'cancel-booking/:id',
    auth: 'user',
    tag: 'bookings',
    summary: 'Cancel an own booking up to CANCEL_WINDOW_HOURS before the start; credits go back',
    errors: {
      404: NOT_FOUND_OWN,
      409: 'Already cancelled, or the cancellation window has closed.',
    },
  },
  bookingIcs: {
    method: 'GET',
    path: 'booking-ics/:id',
    auth: 'user',
    tag: 'bookings',
    summary: 'An own booking as an iCalendar file',
    errors: { 404: NOT_FOUND_OWN },
    mediaType: 'text/calendar',
  },
  adminScheduleCancel: {
    method: 'POST',
    path: 'admin-course-schedule/:id/cancel',
    auth: 'admin',
    tag: 'bookings',
    summary: 'Cancel a class: every active booking is cancelled and refunded; idempotent',
    errors: { 404: 'No such class.' },
  },
  adminUserCredits: {
    method: 'GET',
    path: 'admin-user-credits/:id',
    auth: 'admin',
    tag: 'credits',
    summary: "A user's balance, next expiry and last 50 ledger rows",
    errors: { 404: 'No such user.' },
  },
  adminUserCreditsAdjust: {
    method: 'POST',
    path: 'admin-user-credits/:id',
    auth: 'admin',
    tag: 'credits',
    summary: 'Grant (delta > 0) or remove (delta < 0) credits with a reason',
    errors: {
      404: 'No such user.',
      422: 'Also when removing more than the balance, or when the user is not a learner.',
    },
  },
  // Payments (issue 5).
  paymentConfig: {
    method: 'GET',
    path: 'payment-config',
    auth: 'public',
    tag: 'payments',
    summary: "Which gateway runs (demo or stripe) and Stripe's publishable key for Stripe.js",
    errors: {},
  },
  paymentIntent: {
    method: 'POST',
    path: 'payment/intent',
    auth: 'user',
    tag: 'payments',
    summary: "Start a one-time card payment; amount (cents) must be the plan's price",
    errors: { 404: 'No such plan on sale.', 422: "Also when amount is not the plan's price." },
  },
  oneTimePayment: {
    method: 'POST',
    path: 'one-time-payment',
    auth: 'user',
    tag: 'payments',
    summary:
      'Record a succeeded payment intent and grant its tokens, checked with the gateway; once per payment',
    errors: {
      402: 'The payment has not succeeded (declined, or not yet paid).',
      404: 'No such payment of the learner, or its plan no longer exists.',
      422: 'Also when amount, plan or number_token do not match the payment.',
    },
  },
  subscription: {
    method: 'POST',
    path: 'subscription',
    auth: 'user',
    tag: 'payments',
    summary:
      'Subscribe with a card payment method; success, or incomplete with a client_secret for 3-D Secure',
    errors: {
      402: 'The card was declined.',
      404: 'No such plan on sale.',
      409: 'Already subscribed to this plan, or a subscription to it is being set up.',
    },
  },
  confirmSubscription: {
    method: 'POST',
    path: 'confirm-subscription/:id',
    auth: 'user',
    tag: 'payments',
    summary: 'After 3-D Secure: read the subscription from the gateway and grant its paid invoice',
    errors: { 404: NOT_FOUND_OWN },
  },
  userSubscriptions: {
    method: 'GET',
    path: 'get-user-subscriptions',
    auth: 'user',
    tag: 'payments',
    summary: "The learner's subscriptions, newest first",
    errors: {},
  },
  cancelSubscription: {
    method: 'POST',
    path: 'cancel-subscription/:id',
    auth: 'user',
    tag: 'payments',
    summary: 'Stop renewing an own subscription; the paid period runs to its end',
    errors: { 404: NOT_FOUND_OWN, 409: 'The subscription has already ended.' },
  },
  userPayments: {
    method: 'GET',
    path: 'get-user-payment-list',
    auth: 'user',
    tag: 'payments',
    summary: "The learner's payments, newest first, 15 a page; amount in USD",
    errors: {},
  },
  userPaymentReceipt: {
    method: 'GET',
    path: 'user-payment-receipt/:id',
    auth: 'user',
    tag: 'payments',
    summary: 'A receipt of one own payment: school, date, plan, amount (USD, VAT included), tokens, expiry',
    errors: { 404: NOT_FOUND_OWN },
  },
  // Signed by the provider, not by a session; the raw body is verified before anything is read.
  stripeWebhook: {
    method: 'POST',
    path: 'stripe/webhook',
    auth: 'public',
    tag: 'payments',
    summary: 'Stripe events, signature-verified, each applied once',
    errors: {
      400: 'The Stripe-Signature header does not verify.',
      503: 'The event could not be applied now; Stripe retries it.',
    },
  },
  // The demo gateway's stand-ins for Stripe.js calls; registered only when no Stripe keys are set.
  demoPaymentMethod: {
    method: 'POST',
    path: 'demo-gateway/payment-method',
    auth: 'user',
    tag: 'payments: demo gateway',
    summary: "Check a Stripe test card and keep it as a payment method (Stripe's createPaymentMethod)",
    errors: {},
  },
  demoConfirmCardPayment: {
    method: 'POST',
    path: 'demo-gateway/confirm-card-payment',
    auth: 'user',
    tag: 'payments: demo gateway',
    summary: "Charge an own payment intent with a card (Stripe's confirmCardPayment)",
    errors: { 404: 'No such payment of the learner.' },
  },
  demoAuthenticate: {
    method: 'POST',
    path: 'demo-gateway/authenticate',
    auth: 'user',
    tag: 'payments: demo gateway',
    summary: 'Approve or fail the 3-D Secure step of an own payment',
    errors: { 404: 'No such payment of the learner.' },
  },
} as const satisfies Record<string, EndpointSpec>;

export type EndpointName = keyof typeof ENDPOINTS;
