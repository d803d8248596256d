import { fastifyRequestContext } from '@fastify/request-context';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from './app-type';
import type { AppConfig } from './config/env';
import type { DatabaseHandle } from './db/client';
import { createJobQueue } from './jobs/job-queue';
import { type Clock, systemClock } from './lib/clock';
import { loggedUrl } from './lib/logged-url';
import { adminSearchRoutes } from './modules/admin-search/admin-search.routes';
import { createAdminSearchService } from './modules/admin-search/admin-search-service';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit-service';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth-service';
import { createEmailVerificationService } from './modules/auth/email-verification-service';
import { createPasswordResetService } from './modules/auth/password-reset-service';
import { createSignInThrottle } from './modules/auth/sign-in-throttle';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { createBookingsService } from './modules/bookings/bookings-service';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { createCalendarService } from './modules/calendar/calendar-service';
import { calendarFeedRoutes } from './modules/calendar-feed/calendar-feed.routes';
import { createCalendarFeedService } from './modules/calendar-feed/calendar-feed-service';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { createCheckoutService } from './modules/checkout/checkout-service';
import { createPaymentMails } from './modules/checkout/payment-mails';
import { stripeWebhookRoutes } from './modules/checkout/stripe-webhook.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { createContactService } from './modules/contact/contact-service';
import { coursesRoutes } from './modules/courses/courses.routes';
import { createCoursesService } from './modules/courses/courses-service';
import { createCreditsService } from './modules/credits/credit-service';
import { creditsRoutes } from './modules/credits/credits.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard-service';
import { demoGatewayRoutes } from './modules/demo-gateway/demo-gateway.routes';
import { demoGatewayJobs } from './modules/demo-gateway/demo-jobs';
import { healthRoutes } from './modules/health/health.routes';
import { createMailPreferencesService } from './modules/mail/mail-preferences';
import { mailPreferencesRoutes } from './modules/mail/mail-preferences.routes';
import { createSmtpTransport } from './modules/mail/mail-transport';
import { createMailer } from './modules/mail/mailer';
import { outboxRoutes } from './modules/mail/outbox.routes';
import { createOutboxService } from './modules/mail/outbox-service';
import { createPaymentGateway } from './modules/payment-gateways/create-gateway';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments-service';
import { refundsRoutes } from './modules/refunds/refunds.routes';
import { createRefundService } from './modules/refunds/refunds-service';
import { createReminders } from './modules/reminders/reminders-service';
import { schedulesRoutes } from './modules/schedules/schedules.routes';
import { createSchedulesService } from './modules/schedules/schedules-service';
import { schoolSettingsRoutes } from './modules/school-settings/school-settings.routes';
import {
  createSchoolSettingsService,
  firstSchoolSettings,
} from './modules/school-settings/school-settings-service';
import { seriesRoutes } from './modules/series/series.routes';
import { createSeriesService } from './modules/series/series-service';
import { teachersRoutes } from './modules/teachers/teachers.routes';
import { createTeachersService } from './modules/teachers/teachers-service';
import { tokenPlansRoutes } from './modules/token-plans/token-plans.routes';
import { createTokenPlansService } from './modules/token-plans/token-plans-service';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users-service';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { waitlistSweepJob } from './modules/waitlist/waitlist-jobs';
import { createWaitlistService } from './modules/waitlist/waitlist-service';
import { registerAuditLog } from './plugins/audit-log';
import { registerAuth } from './plugins/auth';
import {
  answerFrameworkError,
  BODY_LIMIT_BYTES,
  errorBody,
  registerErrorHandler,
  registerJsonBodyParser,
  registerUrlTextCheck,
} from './plugins/error-handler';
import { registerRateLimit } from './plugins/rate-limit';
import { createResponseCache } from './plugins/response-cache';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { noStore, registerSecurityHeaders } from './plugins/security';
import { registerSwagger } from './plugins/swagger';
import { registerWebApp } from './plugins/web-app';

export type AppDependencies = {
  clock?: Clock;
  /** False only where the app has no database to run on (the OpenAPI document's build). */
  startJobs?: boolean;
  /** Tests: validate every answer with zod too (plugins/response-serializer.ts). */
  checkResponses?: boolean;
};

/** The whole HTTP application on an open database; server.ts listens with it, tests inject into it. */
export async function buildApp(
  config: AppConfig,
  database: DatabaseHandle,
  { clock = systemClock, startJobs = true, checkResponses = false }: AppDependencies = {},
): Promise<App> {
  const app: App = Fastify({
    logger: {
      level: config.logLevel,
      serializers: {
        req: (request) => ({
          method: request.method,
          url: loggedUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checkResponses }));
  registerErrorHandler(app);
  // What a request has read once and its services use again (the school settings, with the session).
  await app.register(fastifyRequestContext);
  registerJsonBodyParser(app);
  registerUrlTextCheck(app);
  await registerSecurityHeaders(app, { trustProxy: config.trustProxy });
  await registerRateLimit(app, database.db, clock);
  await registerSwagger(app);

  const jobs = createJobQueue(database, { runWorkers: config.runJobs, log: app.log, clock });
  const transport = config.smtpUrl === undefined ? undefined : createSmtpTransport(config.smtpUrl);
  const mailer = createMailer(database.db, { config, jobs, clock, transport });
  for (const job of mailer.jobs) jobs.define(job);

  // Issue 19: the school settings come from the database, once per request; the config only seeds them.
  const settings = createSchoolSettingsService(database.db, { first: firstSchoolSettings(config), clock });
  const emailVerification = createEmailVerificationService(database.db, {
    mailer,
    clock,
    appUrl: config.appUrl,
    settings,
  });
  const auth = createAuthService(database.db, {
    clock,
    throttle: createSignInThrottle(database.db, { limits: config.rateLimits.signIn, clock }),
    onRegistered: emailVerification.welcome,
    onAddressTaken: emailVerification.addressTaken,
  });
  const passwordReset = createPasswordResetService(database.db, {
    mailer,
    clock,
    appUrl: config.appUrl,
    settings,
  });
  const tokenPlans = createTokenPlansService(database.db);
  const courses = createCoursesService(database.db);
  const classMail = { appUrl: config.appUrl };
  const waitlist = createWaitlistService(database.db, {
    settings,
    mailer,
    clock,
    mail: classMail,
  });
  jobs.define(waitlistSweepJob(waitlist));
  // Before the services that share its memo: the answers and counts every caller reads alike.
  const cached = createResponseCache(app, clock);
  const schedules = createSchedulesService(database.db, {
    waitlist,
    settings,
    clock,
    memo: cached.memoFor('adminSchedules'),
  });
  const teachers = createTeachersService(database.db, { clock, passwordReset });
  const users = createUsersService(database.db, { clock, teachers, memo: cached.memoFor('adminStudents') });
  const payments = createPaymentsService(database.db, { settings });
  const dashboard = createDashboardService(database.db, { settings, waitlist, clock });
  const bookings = createBookingsService(database.db, {
    settings,
    mailer,
    clock,
    mail: classMail,
    waitlist,
  });
  const series = createSeriesService(database.db, { clock, settings, bookings, waitlist });
  const calendar = createCalendarService(database.db, { settings, clock });
  const reminders = createReminders(database.db, {
    mailer,
    clock,
    classHours: config.reminders.classHours,
    creditExpiryDays: config.reminders.creditExpiryDays,
    settings,
    mail: { appUrl: config.appUrl },
  });
  for (const job of reminders.jobs) jobs.define(job);
  const contact = createContactService(database.db, {
    mailer,
    clock,
    settings,
    mail: { appUrl: config.appUrl },
  });
  const { gateway, demo } = createPaymentGateway(config, database.db, clock);
  const refunds = createRefundService(database.db, gateway, { clock });
  const checkout = createCheckoutService(database.db, gateway, {
    clock,
    mails: createPaymentMails(mailer, { appUrl: config.appUrl, settings }),
    otherEvents: refunds.eventEffect,
  });

  if (demo) for (const job of demoGatewayJobs(database.db, demo, checkout, clock)) jobs.define(job);
  app.decorate('jobs', jobs);
  if (startJobs) {
    app.addHook('onReady', () => jobs.start());
    // Before server.ts closes the database: a job in progress finishes first.
    app.addHook('onClose', () => jobs.stop());
  }
  if (transport) app.addHook('onClose', async () => transport.close());
  await registerAuth(app, { auth, sessions: cached.sessions, clock });
  const audit = createAuditService(database.db);
  registerAuditLog(app, audit);

  await app.register(
    async (api) => {
      api.addHook('onRequest', noStore);
      api.setNotFoundHandler((request, reply) => {
        const path = request.url.split('?')[0] ?? request.url;
        return reply.status(404).send(errorBody(`Unknown API call: ${request.method} ${path}`));
      });
      await api.register(healthRoutes, { database, jobs });
      await api.register(authRoutes, {
        auth,
        passwordReset,
        emailVerification,
        rateLimits: config.rateLimits,
      });
      await api.register(tokenPlansRoutes, { tokenPlans });
      await api.register(calendarRoutes, { calendar, cached });
      await api.register(bookingsRoutes, { bookings });
      await api.register(waitlistRoutes, { waitlist });
      await api.register(calendarFeedRoutes, {
        feeds: createCalendarFeedService(database.db, { appUrl: config.appUrl, clock, settings }),
      });
      await api.register(creditsRoutes, { credits: createCreditsService(database.db, { clock }) });
      await api.register(coursesRoutes, { courses });
      await api.register(schedulesRoutes, { schedules, cached });
      await api.register(seriesRoutes, { series });
      await api.register(usersRoutes, { users, cached });
      await api.register(teachersRoutes, { teachers });
      await api.register(paymentsRoutes, { payments });
      await api.register(refundsRoutes, { refunds });
      await api.register(adminSearchRoutes, { search: createAdminSearchService(database.db, { clock }) });
      await api.register(auditRoutes, { audit });
      await api.register(schoolSettingsRoutes, { settings });
      await api.register(checkoutRoutes, { checkout });
      await api.register(stripeWebhookRoutes, { checkout, gateway });
      if (demo) await api.register(demoGatewayRoutes, { demo });
      await api.register(dashboardRoutes, { dashboard });
      await api.register(contactRoutes, { contact, rateLimit: config.rateLimits.contact });
      await api.register(mailPreferencesRoutes, { preferences: createMailPreferencesService(database.db) });
      await api.register(outboxRoutes, {
        outbox: createOutboxService(database.db, { appUrl: config.appUrl }),
      });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, { distDir: config.webDistDir });
  return app;
}
