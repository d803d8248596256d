import { DEMO_CARDS } from '@tokenly/contract/checkout';
import { errorBodySchema } from '@tokenly/contract/common';
import { type Auth, ENDPOINTS, type EndpointName, type EndpointSpec } from '@tokenly/contract/endpoints';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ClassroomConfig } from './config/env';
import { rawRows } from './db/raw-rows';
import { classMaterials } from './db/schema/class-materials';
import { classRooms } from './db/schema/classroom';
import { contactMessages } from './db/schema/contact-messages';
import { gifts } from './db/schema/gifts';
import { homeworkFiles, homeworkSubmissions, homeworkTasks } from './db/schema/homework';
import { levelSuggestions, placementItems, placementTests } from './db/schema/levels';
import { passwordResetTokens } from './db/schema/password-reset-tokens';
import { certificates } from './db/schema/progress';
import { promoCodes } from './db/schema/promo-codes';
import { referrals } from './db/schema/referrals';
import { users } from './db/schema/users';
import { waitlistEntries } from './db/schema/waitlist-entries';
import {
  createBlogPost,
  createBooking,
  createClosedDay,
  createSchedule,
  createSeries,
  createSitePage,
  createTeacher,
  createTokenPlan,
  createUser,
  uniqueEmail,
} from './db/seed/factories';
import { createFileStore } from './lib/file-store/create-file-store';
import { newFileKey } from './lib/file-store/file-store';
import { hashToken } from './modules/auth/auth-service';
import {
  call,
  demoPaymentMethod,
  FUTURE_CARD,
  payByDemoCard,
  recordOneTime,
} from './modules/checkout/checkout-test-kit';
import { bbbCallbackToken } from './modules/classroom/providers';
import { grantCredits } from './modules/credits/credit-service';
import { giftCodeHash } from './modules/gifts/gifts-service';
import { loadItemBank } from './modules/placement/placement-repository';
import { BODY_DEPTH_LIMIT } from './plugins/error-handler';
import { watchDatabase } from './test/database-fingerprint';
import {
  answerOf,
  type DocumentedResponses,
  documentedBodyFields,
  documentedQueryParameters,
  documentedResponses,
  fetchOpenApiDocument,
  type OpenApiDocument,
} from './test/documented-responses';
import {
  arbitraryBody,
  bodyVariants,
  CONTROL_TEXT,
  HOSTILE_TEXT,
  type HostileRequest,
  LINE_BREAK_TEXT,
  pathParamVariants,
  queryVariants,
  takesText,
  UNSTORABLE_TEXT,
  unknownQuery,
  unparseableBodies,
} from './test/hostile-input';
import { bearer, createTestApp, signedInUser, type TestApp } from './test/test-app';
import { PARITY_DATABASE_KINDS, TEST_DATABASE_KINDS } from './test/test-database';

/** The database the sweep and the role matrix run on: PostgreSQL when the run has one, else PGlite. */
const SWEEP_DATABASE = TEST_DATABASE_KINDS.at(-1) ?? 'pglite';

// Every call of ENDPOINTS, as anonymous, learner and admin, gets malformed and hostile
// requests, built by test/hostile-input.ts around the call's real id, query and body. None may crash
// (>= 500); every 4xx carries the standard error body; whatever the call's own zod schema refuses must be
// refused; and no refusal may change a single row (test/database-fingerprint.ts). Requests the schema
// accepts (hostile but valid text, coerced numbers) are legitimate writes: each is checked on its own,
// and the text they store must come back verbatim (the second describe, on both databases). The
// exhaustive sweep runs on one database only: request handling is the same on both drivers, and its
// ~24,000 requests twice would double the run. That is PostgreSQL when the run has one, where it takes
// about half its time on PGlite (55 s against 95 s here), as PGlite runs in the test's own process.
// Every answer must also be one the OpenAPI document lists for the call (the test app checks
// each one), and the role matrix at the end makes each call properly, as every role.

// A new role is a line here, one in SESSION_ROLE, and a signed-in account in seed(). A teacher
// gets 403 from every admin and every learner-only call.
type Role = 'anonymous' | 'learner' | 'admin' | 'teacher';
const ROLES: Role[] = ['anonymous', 'learner', 'admin', 'teacher'];
const SESSION_ROLE: Record<Exclude<Role, 'anonymous'>, Auth> = {
  learner: 'user',
  admin: 'admin',
  teacher: 'teacher',
};
const DAY = 24 * 60 * 60 * 1000;

type Fixture = Awaited<ReturnType<typeof seed>>;

/** A call's path id, query and body: the real, valid ones the hostile variants are built around. */
type CallSpec<Body extends Record<string, unknown> = Record<string, unknown>> = {
  id?: (f: Fixture) => number | string;
  /** A secret in the path (`:token`), e.g. a calendar feed's address. */
  token?: string;
  /** A sponsor link's URL name in the path (`:url_name`). */
  urlName?: string;
  /** A certificate's verification code in the path (`:code`). */
  code?: string;
  /** A page's or post's address in the path (`:slug`). */
  slug?: (f: Fixture) => string;
  /** The query a client sends; a function when it names something the fixture made. */
  query?: Record<string, string> | ((f: Fixture) => Record<string, string>);
  /** The proper body (its schema is the call's entry in ENDPOINTS). */
  body?: (f: Fixture) => Body;
  /** The payment provider signs every body; an unsigned one is refused whatever it holds. */
  signed?: true;
  /** A GET that records something: a provider's callback whose method is the provider's choice. */
  writesOnGet?: true;
  /** Ends the session the other calls are made with, so the role matrix makes it last. */
  endsSession?: true;
  /**
   * A call any signed-in user may make that only this role carries out here (a class's own teacher): the
   * role whose text fields reach the database when their characters are checked.
   */
  as?: Role;
  /** An upload's body, the file itself (sent as application/octet-stream): the proper request's. */
  file?: string;
};

type Entry<N extends EndpointName> = (typeof ENDPOINTS)[N];
/** What a call's body takes: a call without a body schema takes none. */
type BodyOf<N extends EndpointName> =
  Entry<N> extends { body: infer S extends z.ZodType } ? z.input<S> & Record<string, unknown> : never;
const schemaOf = (name: EndpointName, part: 'query' | 'body'): z.ZodType | undefined => {
  const entry: EndpointSpec = ENDPOINTS[name];
  return entry[part];
};
/** Pages and posts the sweep has added, for their slugs. */
let created = 0;
const freshSlug = (kind: string) => {
  created += 1;
  return `hostile-${kind}-${created}`;
};

const future = new Date(Date.now() + 30 * DAY).toISOString();
const closedDay = new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10);
const courseBody = () => ({ course_title: 'Core Flex', status: '1', color: '#2F80ED', token: 1 });
const scheduleBody = (f: Fixture) => ({
  course_id: f.schedule.courseId,
  title: 'Everyday Conversations',
  no_of_users: 8,
  date: future,
  token: 1,
  meeting_link: 'https://meet.example.com/tokenly',
  meeting_start: 'https://meet.example.com/tokenly-host',
  teacher_id: f.teacher.user.id,
  // The sweep gives the teacher several classes at `future`, one call after another; each confirms the
  // clash (teacher-clash.test.ts covers the refusal).
  allow_teacher_clash: true,
});
const planBody = () => ({
  token_title: 'Starter Pack',
  token_credit: 4,
  token_expiry: 90,
  amount: 28,
  active: true,
});

/** The raw token of a reset link the seed stores (its hash) for an account of its own. */
const RESET_TOKEN = 'hostile-input-reset-token';
/** The raw token of a welcome mail's verification link, whose hash the seed gives an account. */
const VERIFY_TOKEN = 'hostile-input-verify-token';
/** The one-click unsubscribe token the seed gives an account. */
const MAIL_TOKEN = 'hostile-input-mail-token';
/** The private calendar feed address the seed gives an account. */
const FEED_TOKEN = 'hostile-input-feed-token';
// A visitor's placement test in progress (43 base64url characters, as the server makes them).
const PLACEMENT_TOKEN = 'hostile-input-placement-token-0123456789abc';
/** The verification code of the learner's certificate. */
const CERTIFICATE_CODE = 'hostile-input-certificate';
/** A BigBlueButton server the app never reaches: the sweep only plays its end-of-meeting callback. */
const CLASSROOM: ClassroomConfig = {
  provider: 'jitsi',
  jitsi: { url: 'https://meet.jit.si', appId: undefined, appSecret: undefined },
  bbb: { url: 'http://127.0.0.1:9/bigbluebutton', secret: 'hostile-input-bbb-secret' },
};
const BBB_ROOM = 'tokenly-hostile-input-room';
/** A material's random id (22 base64url characters, as the server makes them). */
const MATERIAL_ID = 'hostile-input-material';
const MATERIAL_FILE_ID = 'hostile-input-document';
/** A homework file's random id (22 base64url characters, as the server makes them). */
const HOMEWORK_FILE_ID = 'hostile-input-homework';
const HOMEWORK_FILE_KEY = 'homework/hostile-input';
/** The smallest file the server takes for a PDF (it tells files by their content). */
const PDF_TEXT = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n';
/** The code of a gift mailed to the learner, redeemed once by the calls made properly. */
const GIFT_CODE = 'GIFT-HSTL-2345-6789';
/** The URL name of the learner's sponsor link. */
const SPONSOR_URL_NAME = 'hostile-sponsor';

const PLACEMENT_ITEM = {
  level: 'A1' as const,
  skill: 'reading' as const,
  passage: 'Ana is from Lisbon.',
  question: 'Where is Ana from?',
  options: ['Lisbon', 'Porto', 'Faro'],
  correct: 0,
};

// Exhaustive over ENDPOINTS: a new call does not compile until this test knows how to attack it.
const CALLS: { [N in EndpointName]: CallSpec<BodyOf<N>> } = {
  health: {},
  ready: {},
  register: {
    body: () => ({
      name: 'Hostile Tester',
      email: 'hostile-tester@tokenly.test',
      password: 'Password123!',
      password_confirmation: 'Password123!',
      level: 1,
    }),
  },
  login: {
    body: (f) => ({
      email: f.learner.user.email,
      password: f.learner.password,
      remember: false,
    }),
  },
  adminLogin: { body: (f) => ({ email: f.admin.user.email, password: f.admin.password }) },
  logout: { endsSession: true },
  userDetails: {},
  userDetailsSave: { body: () => ({ name: 'Test Learner', password: '' }) },
  userLocale: { body: () => ({ locale: 'pt-BR' as const }) },
  forgotPassword: { body: (f) => ({ email: f.learner.user.email }) },
  resetPassword: {
    body: () => ({
      token: RESET_TOKEN,
      password: 'Password123!',
      password_confirmation: 'Password123!',
    }),
  },
  verifyEmail: { body: () => ({ token: VERIFY_TOKEN }) },
  resendVerification: {},
  mailPreferences: {},
  mailPreferencesSave: { body: () => ({ reminders: false, credit_notices: true }) },
  unsubscribe: { query: { token: MAIL_TOKEN, topic: 'reminders' } },
  adminMailOutbox: {},
  // The learner's reset link above writes mail 1.
  adminMailOutboxItem: { id: () => 1 },
  contact: {
    body: () => ({
      name: 'Ana Learner',
      email: 'ana@example.com',
      phone: '+442079460958',
      course: 'General English',
      message: 'Which class suits a beginner?',
    }),
  },
  adminContactMessages: {},
  adminContactMessageReply: {
    id: (f) => f.enquiryId,
    body: () => ({ reply: 'Thank you! Our beginners class suits you.' }),
  },
  adminContactMessageClose: { id: (f) => f.enquiryId },
  membershipTokens: {},
  membershipToken: { id: (f) => f.plan.id },
  adminCourses: {},
  adminCourse: { id: (f) => f.schedule.courseId },
  adminCourseCreate: { body: courseBody },
  adminCourseUpdate: { id: (f) => f.schedule.courseId, body: courseBody },
  adminCoursesList: {},
  adminSchedules: {},
  adminSchedule: { id: (f) => f.schedule.id },
  adminScheduleCreate: { body: scheduleBody },
  adminScheduleUpdate: { id: (f) => f.schedule.id, body: scheduleBody },
  adminScheduleChangePreview: {
    id: (f) => f.schedule.id,
    body: scheduleBody,
  },
  adminTokenPlans: {},
  adminTokenPlan: { id: (f) => f.plan.id },
  adminTokenPlanCreate: {
    body: () => ({
      ...planBody(),
      kind: 'package' as const,
      interval_months: null,
    }),
  },
  adminTokenPlanUpdate: { id: (f) => f.plan.id, body: planBody },
  adminStudents: {},
  adminStudentsCsv: {},
  adminAuditLog: {},
  adminSchoolSettings: {},
  adminSchoolSettingsSave: {
    body: () => ({
      school_name: 'Tokenly English',
      school_email: 'school@tokenly.test',
      time_zone: 'Europe/London',
      cancel_window_hours: 24,
      waitlist_cutoff_hours: 12,
      meeting_link_lead_minutes: 15,
    }),
  },
  adminSchoolSettingsHistory: {},
  schoolSettings: {},
  siteContent: {},
  sitePage: { slug: (f) => f.sitePage.slug },
  blogPosts: {},
  blogPost: { slug: (f) => f.blogPost.slug },
  adminSiteHero: {},
  adminSiteHeroSave: {
    body: () => ({
      badge: 'Live online',
      title: 'Speak with confidence',
      lead: 'Small live classes.',
      image_url: null,
    }),
  },
  adminSiteFaq: {},
  adminSiteFaqSave: {
    body: () => ({
      items: [{ question: 'What is a credit?', answer: 'A prepaid class.', status: 'published' as const }],
    }),
  },
  adminSitePages: {},
  // A new slug each time: the sweep adds many pages and posts, and a slug is one page's.
  adminSitePageCreate: {
    body: () => ({
      slug: freshSlug('page'),
      title: 'Hostile page',
      body: '# Hello',
      status: 'draft' as const,
    }),
  },
  adminSitePage: { id: (f) => f.sitePage.id },
  adminSitePageUpdate: {
    id: (f) => f.sitePage.id,
    body: (f) => ({
      slug: f.sitePage.slug,
      title: 'About us',
      body: 'Our *story*.',
      status: 'published' as const,
    }),
  },
  adminBlogPosts: {},
  adminBlogPostCreate: {
    body: () => ({
      slug: freshSlug('post'),
      title: 'Hostile post',
      summary: 'A summary.',
      cover_url: null,
      author: 'Emma Clarke',
      body: 'Words.',
      status: 'draft' as const,
      published_at: future,
    }),
  },
  adminBlogPost: { id: (f) => f.blogPost.id },
  adminBlogPostUpdate: {
    id: (f) => f.blogPost.id,
    body: (f) => ({
      slug: f.blogPost.slug,
      title: 'Five phrases for meetings',
      summary: 'Useful phrases.',
      cover_url: 'https://images.example.com/cover.jpg',
      author: 'James Patel',
      body: 'Words.',
      status: 'published' as const,
      published_at: f.blogPost.publishedAt.toISOString(),
    }),
  },
  adminSitePreview: { body: () => ({ markdown: '**Bold**' }) },
  // A one-pixel PNG.
  adminSiteImageUpload: {
    body: () => ({
      file_base64:
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    }),
  },
  adminSearch: { query: { q: 'Test' } },
  adminStudent: { id: (f) => f.learner.user.id },
  adminAdmins: {},
  adminAdminCreate: {
    body: () => ({
      name: 'Hostile Admin',
      email: 'hostile-admin@tokenly.test',
      password: 'Password123!',
    }),
  },
  adminAdmin: { id: (f) => f.spareAdmin.user.id },
  adminAdminUpdate: {
    id: (f) => f.spareAdmin.user.id,
    body: () => ({ name: 'Spare Admin', email: 'spare-admin@tokenly.test' }),
  },
  adminAccountDisable: { id: (f) => f.spareLearner.user.id },
  adminAccountEnable: { id: (f) => f.spareLearner.user.id },
  adminAdminRemove: { id: (f) => f.spareAdmin.user.id },
  adminPayments: {},
  adminPaymentsCsv: {},
  // The learner's demo card payment (payment 1 of the seed), refunded a dollar at a time.
  adminInvoice: { id: () => 1 },
  adminInvoicePdf: { id: () => 1 },
  adminPaymentRefundPreview: { id: () => 1 },
  adminPaymentRefund: { id: () => 1, body: () => ({ amount: 1, reason: 'Goodwill' }) },
  adminDashboard: {},
  scheduleByDate: {
    query: { date: future.slice(0, 10), tz: 'UTC' },
  },
  calendarClass: { id: (f) => f.schedule.id },
  upcomingClasses: {},
  timetableOptions: {},
  calendarSchedules: {
    query: { from: future.slice(0, 10), to: future.slice(0, 10), tz: 'UTC' },
  },
  userToken: {},
  userCreditSummary: {},
  userCredits: {},
  userCreditHistory: {},
  bookClass: {
    body: (f) => ({
      schedule_id: f.schedule.id,
      course_id: f.schedule.courseId,
      credits: 1,
      date: future.slice(0, 10),
      time: '09:00',
    }),
  },
  bookingPreview: { id: (f) => f.schedule.id },
  userBookedSchedules: {},
  userBookings: { query: { scope: 'all' } },
  cancelBooking: { id: (f) => f.bookingId },
  bookingIcs: { id: (f) => f.bookingId },
  calendarFeed: {},
  calendarFeedReset: {},
  calendarFeedFile: { token: FEED_TOKEN },
  adminScheduleCancel: { id: (f) => f.schedule.id },
  adminBookingCancel: {
    id: (f) => f.removableBookingId,
    body: () => ({ refund: false, reason: 'No-show twice' }),
  },
  adminBookingWaive: {
    id: (f) => f.noShowBookingId,
    body: () => ({ reason: 'Goodwill' }),
  },
  adminBookingMove: {
    id: (f) => f.movableBookingId,
    body: (f) => ({ schedule_id: f.roomy.id, reason: 'Asked to' }),
  },
  adminScheduleRoster: { id: (f) => f.full.id },
  adminScheduleRosterAdd: {
    id: (f) => f.roomy.id,
    body: (f) => ({ user_id: f.guest.user.id, free: true, reason: 'Trial' }),
  },
  adminScheduleMessage: {
    id: (f) => f.full.id,
    body: () => ({ subject: 'Room change', body: 'See you there.' }),
  },
  teacherClassMessage: {
    id: (f) => f.taught.id,
    body: () => ({ subject: 'Homework', body: 'Page 12.' }),
  },
  adminSeriesList: {},
  // The required fields only (the optional ones are the single class's, attacked there): every accepted
  // variant writes, and the sweep has a time limit.
  adminSeriesCreate: {
    body: (f) => ({
      course_id: f.schedule.courseId,
      title: 'Evening Conversation',
      no_of_users: 8,
      weekdays: [1],
      start_time: '18:00',
      first_date: future.slice(0, 10),
      weeks: 1,
    }),
  },
  adminClosedDays: {},
  adminClosedDayClasses: { query: { day: closedDay } },
  // Another day than the classes' `future`, so closing it refuses none of the other calls' classes.
  adminClosedDayCreate: { body: () => ({ day: closedDay, name: 'School holiday' }) },
  adminClosedDayRemove: { id: (f) => f.closedDayId },
  closedDays: { query: { from: closedDay, to: closedDay } },
  adminSeriesExtend: { id: (f) => f.series.id, body: () => ({ weeks: 1 }) },
  adminScheduleUpdateFollowing: {
    id: (f) => f.lastSeriesClass.id,
    body: (f) => ({
      course_id: f.schedule.courseId,
      title: 'Evening Conversation',
      no_of_users: 8,
      date: f.lastSeriesClass.startsAt.toISOString(),
    }),
  },
  // The last class only, so the role matrix leaves the rest of the series for the other calls.
  adminScheduleCancelFollowing: { id: (f) => f.lastSeriesClass.id },
  seriesBookingPreview: { id: (f) => f.seriesClass.id },
  bookSeries: { body: (f) => ({ schedule_id: f.seriesClass.id }) },
  joinWaitlist: { body: (f) => ({ schedule_id: f.full.id }) },
  leaveWaitlist: { id: (f) => f.full.id },
  userWaitlist: {},
  adminScheduleWaitlist: { id: (f) => f.full.id },
  adminScheduleRosterCsv: { id: (f) => f.full.id },
  adminWaitlistRemove: { id: (f) => f.waitlistEntryId },
  adminUserCredits: { id: (f) => f.learner.user.id },
  userClubPass: {},
  adminUserClubPass: { id: (f) => f.learner.user.id },
  adminUserClubPassGrant: {
    id: (f) => f.learner.user.id,
    body: () => ({ days: 30, reason: 'Goodwill' }),
  },
  adminUserClubPassEnd: {
    id: (f) => f.learner.user.id,
    body: () => ({ reason: 'Goodwill' }),
  },
  sponsorLookup: { urlName: SPONSOR_URL_NAME },
  userLevel: {},
  adminUserLevel: { id: (f) => f.learner.user.id },
  adminUserLevelSet: {
    id: (f) => f.learner.user.id,
    body: () => ({ level: 'B1' as const, reason: 'Interview' }),
  },
  teacherLevelSuggestion: {
    id: (f) => f.taught.id,
    body: (f) => ({
      booking_id: f.taughtBookingId,
      level: 'B2' as const,
      note: 'Ready for B2.',
    }),
  },
  adminLevelSuggestions: {},
  adminLevelSuggestionAccept: { id: (f) => f.suggestionToAccept },
  adminLevelSuggestionDecline: { id: (f) => f.suggestionToDecline },
  placementStart: {},
  placementState: { token: PLACEMENT_TOKEN },
  placementAnswer: {
    token: PLACEMENT_TOKEN,
    body: () => ({ number: 1, answer: 0 }),
  },
  adminPlacementItems: { query: { level: 'A1' } },
  adminPlacementItemCreate: { body: () => PLACEMENT_ITEM },
  adminPlacementItemUpdate: {
    id: (f) => f.placementItemId,
    body: () => PLACEMENT_ITEM,
  },
  adminPlacementItemRetire: { id: (f) => f.placementItemId },
  adminPlacementItemRestore: { id: (f) => f.placementItemId },
  userReferrals: {},
  userUrlName: { body: () => ({ url_name: 'hostile-chosen' }) },
  adminReferrals: {},
  adminReferralDecision: {
    id: (f) => f.heldReferralId,
    body: () => ({ decision: 'approve' as const, reason: 'Checked' }),
  },
  adminUserReferrals: { id: (f) => f.learner.user.id },
  adminPromoCodes: {},
  adminPromoCode: { id: (f) => f.promoCodeId },
  adminPromoCodeCreate: {
    body: () => ({
      // Each valid call adds a code of its own: codes are unique.
      code: `NEW-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      kind: 'amount' as const,
      amount_off: 5,
    }),
  },
  adminPromoCodeUpdate: {
    id: (f) => f.promoCodeId,
    body: () => ({ code: 'HOSTILE10', kind: 'percent' as const, percent_off: 10 }),
  },
  promoCodeCheck: {
    body: (f) => ({
      code: 'HOSTILE10',
      user_credit_token_id: f.plan.id,
    }),
  },
  userGifts: {},
  redeemGift: { body: () => ({ code: GIFT_CODE }) },
  adminUserCreditsAdjust: {
    id: (f) => f.learner.user.id,
    body: () => ({ delta: 1, reason: 'Goodwill' }),
  },
  paymentConfig: {},
  paymentIntent: {
    body: (f) => ({
      amount: f.plan.amount,
      product: f.plan.tokenTitle,
      user_credit_token_id: f.plan.id,
    }),
  },
  oneTimePayment: {
    body: (f) => ({
      user_credit_token_id: f.plan.id,
      amount: f.plan.amount / 100,
      payment_id: f.paidIntentId,
      number_token: f.plan.tokenCredit,
    }),
  },
  subscription: {
    body: (f) => ({
      payment_method: f.paymentMethod,
      user_credit_token_id: f.membership.id,
      amount: f.membership.amount / 100,
      number_token: f.membership.tokenCredit,
    }),
  },
  confirmSubscription: { id: (f) => f.pausableId },
  userSubscriptions: {},
  // The administrator's membership: its pause and resume come first in ENDPOINTS' order.
  cancelSubscription: { id: (f) => f.adminPausableId },
  pauseSubscription: { id: (f) => f.pausableId, body: () => ({ months: 1 }) },
  resumeSubscription: { id: (f) => f.pausableId },
  adminPauseSubscription: {
    id: (f) => f.adminPausableId,
    body: () => ({ months: 1, reason: 'Travelling' }),
  },
  adminResumeSubscription: {
    id: (f) => f.adminPausableId,
    body: () => ({ reason: 'Back early' }),
  },
  adminCancelSubscription: {
    id: (f) => f.adminPausableId,
    body: () => ({ reason: 'Moving abroad' }),
  },
  adminSubscriptions: {},
  // A cheaper plan of the same interval: the change is planned for the next renewal and charges nothing.
  planChangePreview: {
    id: (f) => f.pausableId,
    query: (f) => ({ user_credit_token_id: String(f.cheaperPlanId) }),
  },
  changeSubscriptionPlan: {
    id: (f) => f.pausableId,
    body: (f) => ({
      user_credit_token_id: f.cheaperPlanId,
      quoted_at: new Date().toISOString(),
      charge_now: 0,
    }),
  },
  updateSubscriptionCard: {
    id: (f) => f.pausableId,
    body: (f) => ({ payment_method: f.paymentMethod }),
  },
  userPayments: {},
  userPaymentReceipt: { id: () => 1 },
  userBillingDetails: {},
  userBillingDetailsSave: {
    body: () => ({
      name: 'Acme Ltd',
      address: '1 High Street',
      country: 'United Kingdom',
      vat_number: 'GB123456789',
    }),
  },
  userInvoice: { id: () => 1 },
  userInvoicePdf: { id: () => 1 },
  stripeWebhook: { signed: true },
  adminTeachers: {},
  adminTeachersList: {},
  adminTeacher: { id: (f) => f.teacher.user.id },
  // A new address each time, so each test that makes this call creates a teacher.
  adminTeacherCreate: {
    body: () => ({
      name: 'Hostile Teacher',
      email: uniqueEmail('hostile-teacher'),
      bio: 'Teaches.',
    }),
  },
  adminTeacherUpdate: {
    id: (f) => f.spareTeacher.user.id,
    body: () => ({
      name: 'Spare Teacher',
      email: 'spare-teacher@tokenly.test',
      bio: null,
    }),
  },
  adminTeacherInvite: { id: (f) => f.spareTeacher.user.id },
  teacherClasses: {},
  teacherClass: { id: (f) => f.taught.id },
  teacherAttendance: {
    id: (f) => f.taught.id,
    body: (f) => ({ booking_id: f.taughtBookingId, status: 'attended' as const }),
  },
  userAttendance: {},
  teacherClassNotes: { id: (f) => f.taught.id },
  teacherClassNoteSave: {
    id: (f) => f.taught.id,
    body: (f) => ({
      booking_id: f.taughtBookingId,
      went_well: 'Clear.',
      work_on: 'Tenses.',
    }),
  },
  adminClassNotes: { id: (f) => f.taught.id },
  adminClassNoteSave: {
    id: (f) => f.taught.id,
    body: (f) => ({
      booking_id: f.taughtBookingId,
      went_well: 'Clear.',
      work_on: '',
    }),
  },
  userProgress: {},
  adminStudentProgress: { id: (f) => f.learner.user.id },
  userCertificates: {},
  userCertificateCreate: {
    body: () => ({
      from: new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10),
      to: new Date(Date.now() + DAY).toISOString().slice(0, 10),
    }),
  },
  userCertificatePdf: { id: (f) => f.certificateId },
  adminStudentCertificates: { id: (f) => f.learner.user.id },
  adminCertificateRevoke: {
    id: (f) => f.certificateId,
    body: () => ({ reason: 'Issued in error' }),
  },
  certificateCheck: { code: CERTIFICATE_CODE },
  classJoin: { id: (f) => f.taught.id },
  classMaterials: { id: (f) => f.taught.id },
  materialsOf: { query: { target: 'class', target_id: '1' } },
  // The body is the file itself; the sweep's bodies are JSON, refused as not a file (415). Class 1 is the
  // sweep's first class, which administrators may attach to.
  materialUpload: {
    query: { target: 'class', target_id: '1', title: 'Worksheet', file_name: 'worksheet.pdf' },
    file: PDF_TEXT,
  },
  materialLinkAdd: {
    body: (f) => ({
      target: 'class' as const,
      target_id: f.taught.id,
      title: 'Reading',
      url: 'https://example.com/reading',
    }),
  },
  materialRemove: { id: () => MATERIAL_ID },
  materialDownload: { id: () => MATERIAL_FILE_ID },
  classHomework: { id: (f) => f.taught.id },
  classHomeworkCreate: {
    as: 'teacher',
    id: (f) => f.taught.id,
    body: () => ({
      text: 'Read chapter 2.',
      due_at: new Date(Date.now() + 3 * DAY).toISOString(),
    }),
  },
  homeworkReview: {
    as: 'teacher',
    id: (f) => f.homeworkSubmissionId,
    body: () => ({ comment: 'Good work.', done: false }),
  },
  userHomework: {},
  homeworkSubmit: {
    id: (f) => f.homeworkTaskId,
    body: () => ({ text: 'My answer.' }),
  },
  // The body is the file itself; the sweep's bodies are JSON, refused as not a file (415).
  homeworkTaskFileUpload: {
    id: (f) => f.homeworkTaskId,
    query: { file_name: 'notes.pdf' },
    file: PDF_TEXT,
  },
  homeworkAnswerFileUpload: {
    id: (f) => f.homeworkTaskId,
    query: { file_name: 'answer.pdf' },
    file: PDF_TEXT,
  },
  homeworkFileDownload: { id: () => HOMEWORK_FILE_ID },
  // BigBlueButton calls its end-of-meeting address with GET; the room is recorded as ended.
  classroomBbbEnded: {
    writesOnGet: true,
    query: { room: BBB_ROOM, token: bbbCallbackToken(CLASSROOM.bbb?.secret ?? '', BBB_ROOM) },
  },
  // BigBlueButton signs its attendance report with the shared secret; a session's token is no signature.
  classroomBbbAnalytics: {
    signed: true,
    body: () => ({ meeting_id: BBB_ROOM, data: { attendees: [] } }),
  },
  demoPaymentMethod: { body: () => ({ number: DEMO_CARDS.succeeds, ...FUTURE_CARD }) },
  demoConfirmCardPayment: {
    body: (f) => ({
      client_secret: f.openIntentSecret,
      payment_method: f.paymentMethod,
    }),
  },
  demoAuthenticate: {
    body: (f) => ({
      client_secret: f.challengedIntentSecret,
      approve: true,
    }),
  },
};

/** A school with a class, plans, a booking, and payments in each state the payment calls work on. */
async function seed(t: TestApp) {
  const admin = await signedInUser(t.app, t.db, 'admin');
  const learner = await signedInUser(t.app, t.db);
  const teacher = await signedInUser(t.app, t.db, 'teacher');
  const spareTeacher = await createTeacher(t.db);
  await grantCredits(t.db, {
    userId: learner.user.id,
    credits: 50,
    expiresAt: new Date(Date.now() + 90 * DAY),
    source: 'grant',
    reason: 'grant',
  });
  const schedule = await createSchedule(t.db, { noOfUsers: 8 });
  const booked = await createSchedule(t.db, { courseId: schedule.courseId });
  // A weekly series still to come, for the series calls.
  const series = await createSeries(t.db, {
    courseId: schedule.courseId,
    firstDate: new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10),
    weeks: 6,
  });
  const plan = await createTokenPlan(t.db);
  const membership = await createTokenPlan(t.db, {
    tokenTitle: 'Monthly',
    tokenCredit: 8,
    amount: 4700,
    kind: 'membership',
    intervalMonths: 1,
  });
  const booking = await call(t.app, learner.token, 'POST', 'book-class', { schedule_id: booked.id });
  // A full class (its one seat taken by another learner) with someone else already on its waitlist.
  const full = await createSchedule(t.db, { courseId: schedule.courseId, noOfUsers: 1 });
  const [seated, waiting] = await Promise.all([signedInUser(t.app, t.db), signedInUser(t.app, t.db)]);
  for (const other of [seated, waiting]) {
    await grantCredits(t.db, {
      userId: other.user.id,
      credits: 5,
      expiresAt: new Date(Date.now() + 90 * DAY),
      source: 'grant',
      reason: 'grant',
    });
  }
  await call(t.app, seated.token, 'POST', 'book-class', { schedule_id: full.id });
  // Another booking for an administrator to remove: the full class's seat must stay taken.
  const removable = await call(t.app, seated.token, 'POST', 'book-class', { schedule_id: booked.id });
  await call(t.app, waiting.token, 'POST', 'join-waitlist', { schedule_id: full.id });
  const [entry] = await t.db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.userId, waiting.user.id));
  const paid = await payByDemoCard(t.app, learner.token, plan);
  // Recorded at once (payment 1), so the admin calls on a payment have one whatever order they run in.
  await recordOneTime(t.app, learner.token, plan, paid.paymentId);
  const challenged = await payByDemoCard(t.app, learner.token, plan, DEMO_CARDS.requiresAuthentication);
  const open = await call(t.app, learner.token, 'POST', 'payment/intent', {
    amount: plan.amount,
    user_credit_token_id: plan.id,
  });
  // Accounts of their own for the calls that disable or remove one, so the signed-in ones keep working.
  const spareLearner = await createUser(t.db);
  const spareAdmin = await createUser(t.db, { role: 'admin' });
  await createUser(t.db, {
    emailVerificationHash: hashToken(VERIFY_TOKEN),
    mailToken: MAIL_TOKEN,
    calendarFeedToken: FEED_TOKEN,
  });
  await loadItemBank(t.db);
  const firstItems = await t.db.select().from(placementItems).where(eq(placementItems.level, 3)).limit(6);
  const [spareItem] = await t.db.select().from(placementItems).where(eq(placementItems.level, 1)).limit(1);
  await t.db.insert(placementTests).values({
    tokenHash: hashToken(PLACEMENT_TOKEN),
    startedAt: new Date(),
    stages: [
      {
        level: 3,
        items: firstItems.map((item) => ({
          item_id: item.id,
          level: item.level,
          skill: item.skill,
          passage: item.passage,
          question: item.question,
          options: item.options,
          correct: item.correct,
          answer: null,
        })),
      },
    ],
  });
  const forgetful = await createUser(t.db);
  await t.db.insert(passwordResetTokens).values({
    userId: forgetful.user.id,
    tokenHash: hashToken(RESET_TOKEN),
    expiresAt: new Date(Date.now() + DAY),
    createdAt: new Date(),
  });
  // A class of the teacher that has started, with a learner booked, so attendance can be marked.
  const taught = await createSchedule(t.db, {
    courseId: schedule.courseId,
    teacherId: teacher.user.id,
    startsAt: new Date(Date.now() - 60 * 60 * 1000),
  });
  const taughtBooking = await createBooking(t.db, taught, { userId: learner.user.id });
  // Level suggestions of its teacher waiting for the administrator: one to accept, one to decline.
  const classmate = await createUser(t.db);
  const classmateBooking = await createBooking(t.db, taught, { userId: classmate.user.id });
  const [toAccept, toDecline] = await t.db
    .insert(levelSuggestions)
    .values(
      [taughtBooking, classmateBooking].map((booking) => ({
        userId: booking.userId,
        bookingId: booking.id,
        suggestedBy: teacher.user.id,
        level: 4,
        note: 'Ready for B2.',
        createdAt: new Date(),
      })),
    )
    .returning();
  // Its BigBlueButton room, whose end-of-meeting callback the sweep calls.
  await t.db.insert(classRooms).values({
    scheduleId: taught.id,
    provider: 'bbb',
    roomName: BBB_ROOM,
    learnerLink: 'https://english.example.com/user/list-schedule',
    hostLink: `https://english.example.com/teacher/class/${taught.id}`,
    startsAt: taught.startsAt,
    createdAt: new Date(),
  });
  // A link among its materials, which the sweep removes, and a worksheet in the app's file store.
  const worksheetKey = newFileKey('materials');
  await createFileStore(t.config.fileStorage).put(worksheetKey, Buffer.from(PDF_TEXT), 'application/pdf');
  const material = { scheduleId: taught.id, addedBy: teacher.user.id, createdAt: new Date() };
  await t.db.insert(classMaterials).values([
    {
      ...material,
      id: MATERIAL_ID,
      kind: 'link',
      title: 'Grammar reference',
      url: 'https://example.com/grammar',
    },
    {
      ...material,
      id: MATERIAL_FILE_ID,
      kind: 'file',
      title: 'Worksheet',
      fileKey: worksheetKey,
      fileName: 'worksheet.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF_TEXT.length,
    },
  ]);
  // A task of that class, and the learner's answer for the teacher to review.
  const [homeworkTask] = await t.db
    .insert(homeworkTasks)
    .values({
      scheduleId: taught.id,
      authorId: teacher.user.id,
      text: 'Read chapter 1.',
      dueAt: new Date(Date.now() + 2 * DAY),
      createdAt: new Date(),
    })
    .returning();
  const [homeworkSubmission] = await t.db
    .insert(homeworkSubmissions)
    .values({
      taskId: homeworkTask?.id ?? 0,
      userId: learner.user.id,
      text: 'Done.',
      submittedAt: new Date(),
    })
    .returning();
  // A file of the task, in the app's file store.
  await createFileStore(t.config.fileStorage).put(
    HOMEWORK_FILE_KEY,
    Buffer.from(PDF_TEXT),
    'application/pdf',
  );
  await t.db.insert(homeworkFiles).values({
    id: HOMEWORK_FILE_ID,
    taskId: homeworkTask?.id ?? 0,
    fileKey: HOMEWORK_FILE_KEY,
    fileName: 'notes.pdf',
    contentType: 'application/pdf',
    sizeBytes: PDF_TEXT.length,
    uploadedBy: teacher.user.id,
    createdAt: new Date(),
  });
  // A class the learner attended, for a certificate of it, and a certificate to check and revoke.
  const attendedClass = await createSchedule(t.db, {
    courseId: schedule.courseId,
    startsAt: new Date(Date.now() - 3 * 60 * 60 * 1000),
  });
  await createBooking(t.db, attendedClass, { userId: learner.user.id, attendance: 'attended' });
  const [certificate] = await t.db
    .insert(certificates)
    .values({
      code: CERTIFICATE_CODE,
      userId: learner.user.id,
      learnerName: learner.user.name,
      periodFrom: '2026-01-01',
      periodTo: '2026-01-31',
      classes: 1,
      minutes: 50,
      schoolName: 'Tokenly English',
      issuedAt: new Date(),
    })
    .returning();
  // Another learner of it whom the teacher marked no-show, for an administrator to waive.
  const noShow = await createBooking(t.db, taught, { userId: seated.user.id, attendance: 'no_show' });
  // A booking for an administrator to move to another class, and a learner to add to one (the class
  // `schedule` is cancelled by its own call before theirs).
  const movable = await createBooking(t.db, booked, { userId: waiting.user.id });
  const guest = await createUser(t.db);
  const roomy = await createSchedule(t.db, { courseId: schedule.courseId });
  const [enquiry] = await t.db
    .insert(contactMessages)
    .values({
      name: 'Ana',
      email: 'ana@example.com',
      course: 'General English',
      message: 'Hello',
      createdAt: new Date(),
    })
    .returning();
  const holiday = await createClosedDay(t.db, {
    day: new Date(Date.now() + 50 * DAY).toISOString().slice(0, 10),
  });
  const sitePage = await createSitePage(t.db, { slug: 'about' });
  const blogPost = await createBlogPost(t.db, { slug: 'first-post' });
  const [promoCode] = await t.db
    .insert(promoCodes)
    .values({
      code: 'HOSTILE10',
      kind: 'percent',
      percentOff: 10,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning();
  // The learner's sponsor link, and a friend of theirs held for an administrator (the same mailbox).
  await t.db.update(users).set({ urlName: SPONSOR_URL_NAME }).where(eq(users.id, learner.user.id));
  const friend = await createUser(t.db);
  await t.db.insert(gifts).values({
    buyerId: friend.user.id,
    tokenPlanId: plan.id,
    state: 'sent',
    credits: 2,
    expiryDays: 30,
    amount: 1000,
    recipientEmail: learner.user.email,
    deliverOn: '2026-01-01',
    deliverAt: new Date(),
    codeHash: giftCodeHash(GIFT_CODE),
    sentAt: new Date(),
    createdAt: new Date(),
  });
  const [held] = await t.db
    .insert(referrals)
    .values({
      sponsorId: learner.user.id,
      friendId: friend.user.id,
      state: 'held',
      flag: 'same_email',
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning();
  return {
    suggestionToAccept: toAccept?.id ?? 0,
    suggestionToDecline: toDecline?.id ?? 0,
    placementItemId: spareItem?.id ?? 0,
    homeworkTaskId: homeworkTask?.id ?? 0,
    homeworkSubmissionId: homeworkSubmission?.id ?? 0,
    promoCodeId: promoCode?.id ?? 0,
    certificateId: certificate?.id ?? 0,
    enquiryId: enquiry?.id ?? 0,
    heldReferralId: held?.id ?? 0,
    closedDayId: holiday.id,
    sitePage,
    blogPost,
    admin,
    learner,
    teacher,
    spareTeacher,
    taught,
    taughtBookingId: taughtBooking.id,
    noShowBookingId: noShow.id,
    movableBookingId: movable.id,
    guest,
    roomy,
    spareLearner,
    spareAdmin,
    schedule,
    series: series.series,
    seriesClass: series.classes[0] ?? schedule,
    lastSeriesClass: series.classes.at(-1) ?? schedule,
    plan,
    membership,
    bookingId: booking.json<{ data: { id: number } }>().data.id,
    full,
    waitlistEntryId: entry?.id ?? 0,
    removableBookingId: removable.json<{ data: { id: number } }>().data.id,
    paidIntentId: paid.paymentId,
    challengedIntentSecret: challenged.clientSecret,
    openIntentSecret: open.json<{ clientSecret: string }>().clientSecret,
    paymentMethod: await demoPaymentMethod(t.app, learner.token, DEMO_CARDS.succeeds),
    // Two running memberships: the learner pauses and resumes one, the administrator the other.
    pausableId: await runningMembership(t, learner.token),
    adminPausableId: await runningMembership(t, learner.token),
    // A monthly membership cheaper than theirs, for a change of plan at the next renewal.
    cheaperPlanId: (
      await createTokenPlan(t.db, {
        tokenTitle: 'Monthly Lite',
        tokenCredit: 4,
        amount: 2500,
        kind: 'membership',
        intervalMonths: 1,
      })
    ).id,
  };
}

async function runningMembership(t: TestApp, token: string): Promise<number> {
  const plan = await createTokenPlan(t.db, {
    tokenTitle: `Pausable ${Math.random()}`,
    tokenCredit: 8,
    amount: 4700,
    kind: 'membership',
    intervalMonths: 1,
  });
  const response = await call(t.app, token, 'POST', 'subscription', {
    payment_method: await demoPaymentMethod(t.app, token, DEMO_CARDS.succeeds),
    user_credit_token_id: plan.id,
    amount: plan.amount / 100,
    number_token: plan.tokenCredit,
  });
  return response.json<{ data: { subscription: { id: number } } }>().data.subscription.id;
}

function mayCall(auth: Auth, role: Role): boolean {
  if (auth === 'public') return true;
  return role !== 'anonymous' && (auth === 'any' || SESSION_ROLE[role] === auth);
}

type Tokens = Record<Role, string | undefined>;

const tokensOf = (f: Fixture): Tokens => ({
  anonymous: undefined,
  learner: f.learner.token,
  admin: f.admin.token,
  teacher: f.teacher.token,
});

/** Sends one request of a call as the role. */
const sender = (t: TestApp, tokens: Tokens) => (role: Role, method: string, request: HostileRequest) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/${request.url}`,
    headers: {
      ...(request.contentType && { 'content-type': request.contentType }),
      ...(tokens[role] && bearer(tokens[role])),
    },
    ...(request.payload !== undefined && { payload: request.payload }),
  });

/** The call's path with its real parameters. */
function pathOf(name: EndpointName, f: Fixture): string {
  const spec: CallSpec = CALLS[name];
  return ENDPOINTS[name].path
    .replace(':id', String(spec.id?.(f) ?? 1))
    .replace(':token', spec.token ?? '')
    .replace(':url_name', spec.urlName ?? '')
    .replace(':code', spec.code ?? '')
    .replace(':slug', spec.slug?.(f) ?? '');
}

const queryBaseOf = (spec: CallSpec, f: Fixture): Record<string, string> =>
  typeof spec.query === 'function' ? spec.query(f) : (spec.query ?? {});

/** The call made as a client should: its real id, query and body. */
function properRequest(name: EndpointName, f: Fixture): HostileRequest {
  const spec: CallSpec = CALLS[name];
  const path = pathOf(name, f);
  const query = new URLSearchParams(queryBaseOf(spec, f)).toString();
  const base = spec.body?.(f);
  return {
    label: 'the proper request',
    url: query ? `${path}?${query}` : path,
    mustRefuse: Boolean(spec.signed),
    ...(base && { payload: JSON.stringify(base), contentType: 'application/json' }),
    ...(spec.file !== undefined && { payload: spec.file, contentType: 'application/octet-stream' }),
  };
}

/** What the OpenAPI document and the caching rule say is wrong with an answer that reached the call. */
function undocumented(
  documentation: DocumentedResponses,
  name: EndpointName,
  response: LightMyRequestResponse,
) {
  const faults = documentation.faultsOf(name, answerOf(response));
  // Every API answer may carry a token or a person's data: no cache may keep one.
  if (response.headers['cache-control'] !== 'no-store')
    faults.push('answered without Cache-Control: no-store');
  return faults;
}

/**
 * What a role the call refuses is sent. Its guard (an onRequest hook, plugins/auth.ts) answers before
 * the router's parameters, the query or the body are read, so every variant meets the same answer: the
 * call's own address stands for them, once more with a body no parser could read where the call takes one.
 */
function guardedRequests(all: HostileRequest[], url: string): HostileRequest[] {
  const atAddress = all.filter((request) => request.url.split('?')[0] === url && !request.beforeRouting);
  const unreadable = atAddress.find((request) => request.label === 'an object nested 10,000 deep');
  return [...new Set([atAddress[0], unreadable])].filter((request) => request !== undefined);
}

/** Every hostile request for one call, built around its real id, query and body. */
function requestsFor(name: EndpointName, f: Fixture, document: OpenApiDocument): HostileRequest[] {
  const { method, path } = ENDPOINTS[name];
  const spec: CallSpec = CALLS[name];
  const url = pathOf(name, f);
  const base = spec.body?.(f);
  const ids = (path.match(/:\w+/g) ?? []).flatMap((param) =>
    pathParamVariants(path, param, base && JSON.stringify(base)),
  );
  if (method === 'GET') {
    const querySchema = schemaOf(name, 'query');
    const query = querySchema ? queryVariants(url, querySchema, queryBaseOf(spec, f)) : [];
    return [...ids, ...query, unknownQuery(url, queryBaseOf(spec, f))];
  }
  const bodySchema = schemaOf(name, 'body');
  if (bodySchema && base) {
    return [...ids, ...bodyVariants(url, bodySchema, base, documentedBodyFields(document, name))];
  }
  if (spec.signed) {
    const forged = {
      id: 'evt_forged',
      type: 'payment_intent.succeeded',
      data: { object: { id: f.paidIntentId } },
    };
    return [
      ...unparseableBodies(url),
      {
        label: 'a forged event',
        url,
        payload: JSON.stringify(forged),
        contentType: 'application/json',
        mustRefuse: true,
      },
    ];
  }
  // No body is read: only bodies the parser refuses can be sent without running the call for real.
  return [...ids, ...unparseableBodies(url)];
}

/**
 * The text fields of several lines (text areas in the web app): line breaks are kept there and refused
 * in every other text field; other control characters are refused everywhere.
 */
const SEVERAL_LINES = new Set<`${EndpointName} ${string}`>([
  'contact message',
  'adminContactMessageReply reply',
  'adminCourseCreate description',
  'adminCourseUpdate description',
  'adminTeacherCreate bio',
  'adminTeacherUpdate bio',
  'adminSchoolSettingsSave address',
  'adminSchoolSettingsSave course_tabs',
  'userBillingDetailsSave address',
  'adminScheduleMessage body',
  'teacherClassMessage body',
  'adminSitePageCreate body',
  'adminSitePageUpdate body',
  'adminBlogPostCreate body',
  'adminBlogPostUpdate body',
  'adminSitePreview markdown',
  'teacherClassNoteSave went_well',
  'teacherClassNoteSave work_on',
  'adminClassNoteSave went_well',
  'adminClassNoteSave work_on',
  'classHomeworkCreate text',
  'homeworkReview comment',
  'homeworkSubmit text',
  'adminPlacementItemCreate passage',
  'adminPlacementItemUpdate passage',
]);

/** Whether a row of one of the tables holds the text exactly as sent (a row as text quotes only `"` and `\`). */
async function holdVerbatim(db: TestApp['db'], tables: string[], text: string): Promise<boolean> {
  for (const table of tables) {
    const [row] = await rawRows<{ found: boolean }>(
      db,
      sql`select exists (select 1 from ${sql.identifier(table)} as t where strpos(t::text, ${text}) > 0) as found`,
    );
    if (row?.found) return true;
  }
  return false;
}

/**
 * Runs the task over the items, four at a time. For requests that write nothing, whose order does not
 * matter: while one waits on the database, the worker builds and judges the others.
 */
async function eachConcurrently<T>(items: T[], task: (item: T) => Promise<unknown>): Promise<void> {
  const queue = [...items];
  const drain = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  };
  await Promise.all([drain(), drain(), drain(), drain()]);
}

describe(`hostile input on ${SWEEP_DATABASE}`, () => {
  let t: TestApp;
  let f: Fixture;
  let send: ReturnType<typeof sender>;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp(SWEEP_DATABASE, { classroom: CLASSROOM });
    f = await seed(t);
    send = sender(t, tokensOf(f));
    document = await fetchOpenApiDocument(t.app);
  });
  afterAll(() => t.close());

  /** What is wrong with one answer, if anything. */
  function faultsOf(
    name: EndpointName,
    response: LightMyRequestResponse,
    request: HostileRequest,
    permitted: boolean,
  ): string[] {
    // The test app checks every answer against the OpenAPI document (test/documented-responses.ts);
    // here only the caching rule, which a URL the router refuses never reaches.
    const faults: string[] =
      request.beforeRouting || response.headers['cache-control'] === 'no-store'
        ? []
        : [`${name} answered without Cache-Control: no-store`];
    const status = response.statusCode;
    if (status >= 500) faults.push(`answered ${status}: ${response.body.slice(0, 200)}`);
    if (!permitted && !request.beforeRouting && status !== 401 && status !== 403) {
      faults.push(`answered ${status} without the right session`);
    }
    if (request.mustRefuse && status < 400) faults.push(`accepted (${status}) what the contract forbids`);
    if (status >= 400) {
      const error = errorBodySchema.safeParse(safeJson(response));
      if (
        !error.success ||
        error.data.message.trim() === '' ||
        error.data.message !== error.data.errorMessage
      ) {
        faults.push(`answered ${status} without the standard error body: ${response.body.slice(0, 200)}`);
      }
    }
    return faults;
  }

  it('the table of calls gives a proper body exactly to the calls that take one, each valid', () => {
    for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
      const spec: CallSpec = CALLS[name];
      const bodySchema = schemaOf(name, 'body');
      expect(spec.body !== undefined, `${name} has a body in the table`).toBe(bodySchema !== undefined);
      // The variants change one thing each, so the body they start from must pass the schema.
      if (spec.body && bodySchema) expect(bodySchema.safeParse(spec.body(f)).error, name).toBeUndefined();
    }
  });

  it('refuses what the contract forbids with a 4xx and the error body, never crashes, and writes nothing', async () => {
    const faults: string[] = [];
    const watch = await watchDatabase(t.db);
    let requests = 0;
    let allowed = 0;
    for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
      const { method, auth } = ENDPOINTS[name];
      const all = requestsFor(name, f, document);
      // Every field in turn as the first role the call admits; as any other role it admits one field
      // stands for all (a public call never reads the session, and every role's session reaches the same
      // validation); as a role it refuses, the call's own address (guardedRequests). The rest would repeat
      // requests. The role matrix below makes each call properly as every role.
      const sweepingRole = ROLES.find((role) => mayCall(auth, role));
      const oneField = all.filter((request) => !request.repeatsKind);
      const guarded = guardedRequests(all, pathOf(name, f));
      for (const role of ROLES) {
        const permitted = mayCall(auth, role);
        const sent = role === sweepingRole ? all : permitted ? oneField : guarded;
        // Requests a writing call may accept are checked one by one; all others together.
        const mayWrite = (request: HostileRequest) =>
          permitted && (method !== 'GET' || Boolean(CALLS[name].writesOnGet)) && !request.mustRefuse;
        const run = async (request: HostileRequest) => {
          const response = await send(role, method, request);
          const where = `${method} /api/${request.url.slice(0, 80)} as ${role}, ${request.label}`;
          faults.push(...faultsOf(name, response, request, permitted).map((fault) => `${where}: ${fault}`));
          requests += 1;
          return { response, where };
        };
        await eachConcurrently(
          sent.filter((candidate) => !mayWrite(candidate)),
          run,
        );
        const changed = await watch.changes();
        if (changed.length > 0)
          faults.push(`${method} ${name} as ${role}: refusals or reads changed ${changed}`);
        for (const request of sent.filter(mayWrite)) {
          const { response, where } = await run(request);
          allowed += 1;
          const changed = await watch.changes();
          if (changed.length > 0 && response.statusCode >= 400) {
            faults.push(`${where}: answered ${response.statusCode} but changed ${changed}`);
          }
        }
      }
    }
    expect(faults).toEqual([]);
    expect(Object.prototype).not.toHaveProperty('role');
    // Guards against a sweep that silently shrank.
    expect(requests).toBeGreaterThan(6_000);
    expect(allowed).toBeGreaterThan(300);
    console.info(`hostile-input sweep: ${requests} requests, ${allowed} writes the contract allows`);
    // About 20,600 requests, 1,600 of them writes: 30–35 s on PostgreSQL on an idle two-core machine,
    // nearly half of it waiting on the database; two to three minutes when the browser suite shares the cores.
  }, 900_000);

  it('property: arbitrary bodies over the real field names never crash, and a refusal writes nothing', async () => {
    for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
      const spec: CallSpec = CALLS[name];
      const bodySchema = schemaOf(name, 'body');
      if (!spec.body || !bodySchema) continue;
      const { method } = ENDPOINTS[name];
      const url = pathOf(name, f);
      const base = spec.body(f);
      for (const role of ROLES.filter((candidate) => mayCall(ENDPOINTS[name].auth, candidate))) {
        const watch = await watchDatabase(t.db);
        await fc.assert(
          fc.asyncProperty(arbitraryBody(bodySchema, base), async ([fields, extra]) => {
            const request: HostileRequest = {
              label: 'an arbitrary body',
              url,
              payload: JSON.stringify({ ...fields, ...extra }),
              contentType: 'application/json',
              mustRefuse: false,
            };
            const response = await send(role, method, request);
            const where = `${method} ${url} as ${role}: ${request.payload}`;
            expect(faultsOf(name, response, request, true), where).toEqual([]);
            const changed = await watch.changes();
            if (response.statusCode >= 400)
              expect(changed, `${where} answered ${response.statusCode}`).toEqual([]);
          }),
          { numRuns: 6 },
        );
      }
    }
  }, 300_000);

  it('refuses control characters in every text field the document publishes, with a 422 naming it; text of several lines keeps its line breaks', async () => {
    const faults: string[] = [];
    const watch = await watchDatabase(t.db);
    let sent = 0;
    for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
      const { method, auth } = ENDPOINTS[name];
      const spec: CallSpec = CALLS[name];
      const role = spec.as ?? ROLES.find((candidate) => mayCall(auth, candidate)) ?? 'anonymous';
      const places = [
        { place: 'body', fields: documentedBodyFields(document, name) },
        { place: 'query', fields: documentedQueryParameters(document, name) },
      ] as const;
      for (const { place, fields } of places) {
        for (const [field, schema] of Object.entries(fields)) {
          // A password is a secret compared as typed, never shown or sent on; its rules are its own.
          if (!takesText(schema) || field.includes('password')) continue;
          // Text of its own to each field, so a field that keeps it changes a row even when saved twice.
          const lines = `${LINE_BREAK_TEXT}\n${name} ${field}`;
          for (const text of [lines, CONTROL_TEXT]) {
            const keepsLines = text === lines && SEVERAL_LINES.has(`${name} ${field}`);
            const query = { ...queryBaseOf(spec, f), ...(place === 'query' && { [field]: text }) };
            const base = spec.body?.(f);
            const search = new URLSearchParams(query).toString();
            const response = await send(role, method, {
              label: `${field} with control characters`,
              url: search ? `${pathOf(name, f)}?${search}` : pathOf(name, f),
              mustRefuse: !keepsLines,
              ...(base && {
                payload: JSON.stringify(place === 'body' ? { ...base, [field]: text } : base),
                contentType: 'application/json',
              }),
            });
            sent += 1;
            const changed = await watch.changes();
            const where = `${method} ${name} as ${role}, ${place} ${field} = ${JSON.stringify(text)}`;
            if (keepsLines) {
              if (response.statusCode >= 300) faults.push(`${where}: answered ${response.statusCode}`);
              // A read-only call (the Markdown preview) keeps nothing: accepting the text is all it can do.
              else if (!('readOnly' in ENDPOINTS[name]) && !(await holdVerbatim(t.db, changed, text)))
                faults.push(`${where}: not kept verbatim`);
              continue;
            }
            const errors = errorBodySchema.safeParse(safeJson(response)).data?.errors ?? {};
            if (response.statusCode !== 422 || !(field in errors)) {
              faults.push(`${where}: answered ${response.statusCode} ${response.body.slice(0, 200)}`);
            }
            if (changed.length > 0) faults.push(`${where}: changed ${changed}`);
          }
        }
      }
    }
    expect(faults).toEqual([]);
    // Guards against a document whose text fields went unseen: about 170 fields, two values each.
    expect(sent).toBeGreaterThan(300);
  }, 300_000);
});

describe(`role matrix on ${SWEEP_DATABASE}`, () => {
  let t: TestApp;
  let f: Fixture;
  let send: ReturnType<typeof sender>;
  let documentation: DocumentedResponses;

  beforeAll(async () => {
    t = await createTestApp(SWEEP_DATABASE, { classroom: CLASSROOM });
    f = await seed(t);
    send = sender(t, tokensOf(f));
    documentation = documentedResponses(await fetchOpenApiDocument(t.app));
  });
  afterAll(() => t.close());

  it('every call, made properly as every role, answers only what the OpenAPI document lists', async () => {
    const faults: string[] = [];
    const succeeded = new Set<EndpointName>();
    const names = (Object.keys(ENDPOINTS) as EndpointName[]).sort(
      (a, b) => Number(Boolean(CALLS[a].endsSession)) - Number(Boolean(CALLS[b].endsSession)),
    );
    for (const name of names) {
      const { method, auth } = ENDPOINTS[name];
      const request = properRequest(name, f);
      for (const role of ROLES) {
        const response = await send(role, method, request);
        const where = `${method} /api/${request.url} as ${role}`;
        faults.push(...undocumented(documentation, name, response).map((fault) => `${where}: ${fault}`));
        const status = response.statusCode;
        if (!mayCall(auth, role) && status !== 401 && status !== 403) {
          faults.push(`${where}: answered ${status} without the right session`);
        }
        if (mayCall(auth, role) && status < 300) succeeded.add(name);
      }
    }
    expect(faults).toEqual([]);
    // Each call worked for a role it admits, so its success body was checked too; only an unsigned
    // webhook cannot.
    expect(names.filter((name) => !succeeded.has(name) && !CALLS[name].signed)).toEqual([]);
    // Four roles over every call: about 400 requests.
  }, 300_000);
});

function safeJson(response: LightMyRequestResponse): unknown {
  try {
    return response.json();
  } catch {
    return undefined;
  }
}

describe.each(PARITY_DATABASE_KINDS)('hostile but valid text on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let learner: Awaited<ReturnType<typeof signedInUser>>;
  let courseId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await signedInUser(t.app, t.db, 'admin')).token;
    learner = await signedInUser(t.app, t.db);
    courseId = (await createSchedule(t.db)).courseId;
  });
  afterAll(() => t.close());

  /** Sends, expects success as JSON data, and returns `data`. */
  async function ok(
    token: string | undefined,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) {
    const response = await t.app.inject({
      method,
      url: `/api/${url}`,
      headers: token ? bearer(token) : {},
      ...(payload && { payload }),
    });
    expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
    // Served as JSON that browsers may not sniff into markup: the text is data wherever it lands.
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    return response.json<{ data: Record<string, unknown> }>().data;
  }

  /** Stores the text in every free-text field of the API and reads each back. */
  async function roundTrip(text: string): Promise<Record<string, unknown>> {
    const course = await ok(admin, 'POST', 'admin-courses', { course_title: text, status: '1', token: 1 });
    const teacher = await ok(admin, 'POST', 'admin-teachers', {
      name: text,
      email: uniqueEmail('teacher'),
      bio: text,
    });
    const schedule = await ok(admin, 'POST', 'admin-course-schedule', {
      course_id: courseId,
      title: text,
      teacher_id: teacher.id,
      no_of_users: 4,
      date: new Date(Date.now() + 3 * DAY).toISOString(),
    });
    const plan = await ok(admin, 'POST', 'admin-user-token', {
      token_title: text,
      token_credit: 4,
      token_expiry: 30,
      amount: 10,
    });
    const newAdmin = await ok(admin, 'POST', 'admin-adminuser', {
      name: text,
      email: uniqueEmail('admin'),
      password: 'Password123!',
    });
    const registered = await ok(undefined, 'POST', 'register', {
      name: text,
      email: uniqueEmail('learner'),
      password: 'Password123!',
      password_confirmation: 'Password123!',
      level: 2,
    });
    await ok(learner.token, 'POST', 'user-details-save', { name: text });
    await ok(admin, 'POST', `admin-user-credits/${learner.user.id}`, { delta: 1, reason: text });
    const storedSchedule = await ok(admin, 'GET', `admin-course-schedule/${schedule.id}`);
    const ledger = (await ok(admin, 'GET', `admin-user-credits/${learner.user.id}`)).ledger as {
      note: string;
    }[];
    return {
      course: (await ok(admin, 'GET', `admin-courses/${course.id}`)).course_title,
      schedule: storedSchedule.title,
      teacher: storedSchedule.teacher_name,
      bio: (await ok(undefined, 'GET', `calendar-class/${schedule.id}`)).teacher_bio,
      plan: (await ok(admin, 'GET', `admin-user-token/${plan.id}`)).token_title,
      admin: newAdmin.name,
      learner: registered.name,
      settings: (await ok(learner.token, 'GET', 'user-details')).name,
      ledger: ledger[0]?.note,
    };
  }

  const everywhere = (text: string) =>
    Object.fromEntries(
      ['course', 'schedule', 'teacher', 'bio', 'plan', 'admin', 'learner', 'settings', 'ledger'].map(
        (field) => [field, text],
      ),
    );

  it.each(HOSTILE_TEXT.map((text) => [JSON.stringify(text), text]))(
    'stores %s verbatim in every free-text field and serves it back as data',
    async (_label, text) => {
      expect(await roundTrip(text)).toEqual(everywhere(text));
    },
  );

  it('property: any printable text round-trips verbatim', async () => {
    // Printable graphemes include the Unicode line and paragraph separators, which text of one line refuses.
    const text = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
      .filter((value) => value.trim() === value && value.length > 0 && value.length <= 100)
      .filter((value) => !/[\u2028\u2029]/.test(value));
    await fc.assert(
      fc.asyncProperty(text, async (value) => {
        expect(await roundTrip(value)).toEqual(everywhere(value));
      }),
      { numRuns: kind === 'pglite' ? 15 : 8 },
    );
  });

  it('refuses NUL and broken Unicode with a 422 naming the field, and stores nothing', async () => {
    const watch = await watchDatabase(t.db);
    for (const text of UNSTORABLE_TEXT) {
      const cases = [
        { field: 'course_title', payload: { course_title: text, status: '1', token: 1 } },
        { field: text, payload: { course_title: 'Core Flex', status: '1', token: 1, [text]: 'as a key' } },
      ];
      for (const { field, payload } of cases) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/admin-courses',
          headers: bearer(admin),
          payload,
        });
        expect(response.statusCode).toBe(422);
        const error = errorBodySchema.parse(response.json());
        expect(error.message).toBe('Text cannot contain NUL characters or broken Unicode.');
        expect(Object.keys(error.errors ?? {})).toEqual([field]);
      }
    }
    expect(await watch.changes()).toEqual([]);
  });

  it('ignores fields a client must not set', async () => {
    const registered = await ok(undefined, 'POST', 'register', {
      name: 'Mallory',
      email: uniqueEmail('mallory'),
      password: 'Password123!',
      password_confirmation: 'Password123!',
      level: 1,
      role: 'admin',
      id: 1,
      is_admin: true,
    });
    expect(registered).toMatchObject({ user_role: 'user' });
    expect(registered.id).not.toBe(1);

    const schedule = await createSchedule(t.db, { courseId, numberToken: 2, noOfUsers: 3 });
    await grantCredits(t.db, {
      userId: learner.user.id,
      credits: 5,
      expiresAt: new Date(Date.now() + 30 * DAY),
      source: 'grant',
      reason: 'grant',
    });
    const before = (await ok(learner.token, 'GET', 'get-user-token')) as unknown as number;
    await ok(learner.token, 'POST', 'book-class', { schedule_id: schedule.id, credits: 0, seats_taken: 0 });
    expect(await ok(learner.token, 'GET', 'get-user-token')).toBe(before - 2);
    await ok(admin, 'PUT', `admin-course-schedule/${schedule.id}`, {
      course_id: courseId,
      title: 'Renamed',
      no_of_users: 3,
      date: schedule.startsAt.toISOString(),
      seats_taken: 0,
    });
    expect(await ok(admin, 'GET', `admin-course-schedule/${schedule.id}`)).toMatchObject({ seats_taken: 1 });
  });

  it('keeps line breaks in a class title out of the structure of its calendar file', async () => {
    const title = 'Evening\rBEGIN:VALARM\r\nATTENDEE:mailto:eve@evil.test\nX-INJECTED:1';
    const schedule = await createSchedule(t.db, { courseId, title, numberToken: 1 });
    await grantCredits(t.db, {
      userId: learner.user.id,
      credits: 1,
      expiresAt: new Date(Date.now() + 30 * DAY),
      source: 'grant',
      reason: 'grant',
    });
    const booking = await ok(learner.token, 'POST', 'book-class', { schedule_id: schedule.id });
    const ics = await t.app.inject({
      method: 'GET',
      url: `/api/booking-ics/${booking.id}`,
      headers: bearer(learner.token),
    });
    expect(ics.statusCode).toBe(200);
    // Calendar readers differ on which of CR, LF and CRLF end a line; none may start a property here.
    // Folded lines (CRLF and a space, RFC 5545 section 3.1) are joined first.
    const properties = ics.body
      .replace(/\r\n[ \t]/g, '')
      .split(/\r\n|\r|\n/)
      .filter(Boolean)
      .map((line) => /^[A-Z-]+/.exec(line)?.[0]);
    expect(properties).toEqual([
      'BEGIN',
      'VERSION',
      'PRODID',
      'CALSCALE',
      'METHOD',
      'BEGIN',
      'UID',
      'SEQUENCE',
      'DTSTAMP',
      'DTSTART',
      'DTEND',
      'SUMMARY',
      // The meeting link is not out yet: the description says where it will appear.
      'DESCRIPTION',
      'END',
      'END',
    ]);
  });
});

describe(`requests that crashed the server, on ${SWEEP_DATABASE}`, () => {
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(SWEEP_DATABASE);
    admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
  });
  afterAll(() => t.close());

  it('answers a NUL in a path parameter with 422 naming it, as in a query or a body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/calendar-feed/abc%00' });
    expect(response.statusCode).toBe(422);
    expect(errorBodySchema.parse(response.json()).errors).toEqual({
      token: ['Text cannot contain NUL characters or broken Unicode.'],
    });
  });

  it(`refuses a body nested deeper than ${BODY_DEPTH_LIMIT} levels before any call reads it, so the audit log stays readable`, async () => {
    /** A JSON object whose one field nests arrays: `levels` levels of nesting in all. */
    const nested = (levels: number) => `{"note":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    // Cancelling a class reads no body, so it once ran with any, and the audit log kept the body; there
    // JSON.stringify and deep comparisons of it overflowed the stack, and the log's page answered 500.
    const cancel = async (levels: number) => {
      const schedule = await createSchedule(t.db);
      const watch = await watchDatabase(t.db);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin-course-schedule/${schedule.id}/cancel`,
        headers: { ...admin, 'content-type': 'application/json' },
        payload: nested(levels),
      });
      return { response, changed: await watch.changes() };
    };
    for (const levels of [BODY_DEPTH_LIMIT + 1, 2_000, 10_000]) {
      const { response, changed } = await cancel(levels);
      expect(response.statusCode, `${levels} levels`).toBe(400);
      expect(errorBodySchema.parse(response.json()).message).toBe(
        `The request body is nested too deeply (at most ${BODY_DEPTH_LIMIT} levels).`,
      );
      expect(changed).toEqual([]);
    }
    expect((await cancel(BODY_DEPTH_LIMIT)).response.statusCode).toBe(200);
    const log = await t.app.inject({ method: 'GET', url: '/api/admin-audit-log', headers: admin });
    expect(log.statusCode).toBe(200);
    expect(log.json<{ data: { total: number } }>().data.total).toBe(1);
  });
});
