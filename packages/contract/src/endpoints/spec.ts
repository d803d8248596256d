import type { z } from 'zod';

// The shape of every call of the API (ENDPOINTS, one file per domain beside this one). An entry is the
// whole contract of its call: the server registers its route with the entry's schemas and access rule
// (apps/server/src/lib/endpoint.ts, plugins/auth.ts), the OpenAPI document (/api/docs) is generated from
// the routes so registered, the web app's `api.call` takes its types from it, and the hostile-input test
// walks the table. Paths are relative to /api/; `:name` marks a path parameter.
//
// What the document needs and cannot read from the schemas is said here, and every field is required, so
// a new call does not compile until it is complete. Statuses that follow from the call's kind are added
// to the document by the server (apps/server/src/plugins/openapi-operation.ts), not listed here: 401 (and
// 403 for a role or a cookie-authenticated write) from `auth`, 400/413/415 for a body, 422 for a body,
// query or path parameters, 429 for `rateLimited`. `errors` gives the others, each with its reason.

/** The document's tags, one per feature, with what they hold. */
export const API_TAGS = {
  health: 'Whether the server, its database and its job queue answer.',
  auth: 'Accounts and sessions: sign-up, sign-in, the signed-in user.',
  'token plans': 'Token packages and memberships on sale.',
  calendar: 'The public timetable of classes.',
  bookings: 'Booking, cancelling and listing classes, and the calendar file of a booking.',
  'calendar feed': "A learner's private calendar subscription: its address, a reset, and the feed itself.",
  waitlist: 'The queue of a full class: joining, leaving, and the places in line.',
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
  'admin: search': "The top bar's search across learners, classes and payments.",
  'admin: audit log': 'Every administrative change: who, when, what and why.',
  'admin: school settings':
    "The school's settings (name, contact address, time zone, windows) and their history.",
  school: 'What every visitor may know of the school: its name, contact address, time zone and windows.',
  site: "The school's public site: its teachers' public profiles, its course tabs and its app-store addresses.",
  contact: "The home page's contact form.",
  'admin: messages': 'Enquiries sent with the contact form.',
  'admin: teachers': 'Teachers: adding, editing and inviting them.',
  'admin: site':
    "The school's own words on its public site: the hero, the FAQ, its pages and its blog, drafts too.",
  referrals:
    "Sponsor links: the public look-up of a URL name, an account's own link and the friends it invited.",
  'admin: referrals': 'Every referral with its state, decisions on held ones, and monthly totals.',
  'admin: promo codes': 'Promo codes: their discounts, plans, dates and use limits.',
  gifts: 'Gift cards: the gifts a learner bought, and redeeming a gift code.',
  classroom: "Each class's video room: joining it, and the video provider's callbacks.",
  materials:
    'Files and links for the learners of a class, its series or its class type: attaching, listing, downloading.',
  teacher: "A teacher's own classes, their rosters and attendance.",
  homework: "A class's homework: tasks set by its teacher, learners' answers, comments and marks.",
  'learning path':
    "CEFR levels: a learner's level and its history, the adaptive placement test, teachers' notes, progress and certificates of attendance.",
} as const;
export type ApiTag = keyof typeof API_TAGS;

/** Error statuses a call may declare with their reason; 401/403/422/429 and the body errors are derived. */
export type DeclaredErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 422 | 503;

export type Auth = 'public' | 'any' | 'user' | 'admin' | 'teacher';

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
  // Any media type: a file served with its own content type.
  mediaType?: 'text/calendar' | 'text/csv' | 'application/pdf' | '*/*';
  /** The body is a file itself (application/octet-stream), not JSON; the query says what it is. */
  fileUpload?: true;
  /** A POST that only says what a write would do and changes nothing: no entry in the audit log. */
  readOnly?: true;
  /** The path parameters, the query and the body, each validated before the handler runs. */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer of the success status; a file download's schema describes the file. */
  response: Partial<Record<200 | 201, z.ZodType>>;
};

export const NOT_FOUND_OWN = 'No such item of the signed-in learner.';
export const NOT_A_CLASS_OF_YOURS =
  'No such class, or the signed-in user is neither booked on it, its teacher, nor an administrator.';
export const NO_MATERIAL_TARGET =
  'No such class, series or class type, or not one the signed-in user may attach to (administrators any; a teacher an own class).';
