import { fastifyRequestContext } from '@fastify/request-context';
import { MESSAGES } from '@tokenly/contract/messages';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, ModuleRoutes } from './app-type';
import type { AppConfig } from './config/env';
import type { DatabaseHandle } from './db/client';
import { createJobQueue } from './jobs/job-queue';
import { type Clock, systemClock } from './lib/clock';
import { createFileStore } from './lib/file-store/create-file-store';
import { loggedUrl } from './lib/logged-url';
import { adminSearchModule } from './modules/admin-search/admin-search.module';
import { auditModule } from './modules/audit/audit.module';
import { authModule } from './modules/auth/auth.module';
import { bookingsModule } from './modules/bookings/bookings.module';
import { calendarModule } from './modules/calendar/calendar.module';
import { calendarFeedModule } from './modules/calendar-feed/calendar-feed.module';
import { checkoutModule } from './modules/checkout/checkout.module';
import { classroomModule } from './modules/classroom/classroom.module';
import { closedDaysModule } from './modules/closed-days/closed-days.module';
import { clubPassModule } from './modules/club-pass/club-pass.module';
import { contactModule } from './modules/contact/contact.module';
import { coursesModule } from './modules/courses/courses.module';
import { creditsModule } from './modules/credits/credits.module';
import { dashboardModule } from './modules/dashboard/dashboard.module';
import { demoGatewayModule } from './modules/demo-gateway/demo-gateway.module';
import { giftsModule } from './modules/gifts/gifts.module';
import { healthModule } from './modules/health/health.module';
import { homeworkModule } from './modules/homework/homework.module';
import { invoicesModule } from './modules/invoices/invoices.module';
import { levelsModule } from './modules/levels/levels.module';
import { mailModule } from './modules/mail/mail.module';
import { materialsModule } from './modules/materials/materials.module';
import { createPaymentGateway } from './modules/payment-gateways/create-gateway';
import { paymentsModule } from './modules/payments/payments.module';
import { placementModule } from './modules/placement/placement.module';
import { progressModule } from './modules/progress/progress.module';
import { promoCodesModule } from './modules/promo-codes/promo-codes.module';
import { referralsModule } from './modules/referrals/referrals.module';
import { refundsModule } from './modules/refunds/refunds.module';
import { remindersModule } from './modules/reminders/reminders.module';
import { retentionModule } from './modules/retention/retention.module';
import { schedulesModule } from './modules/schedules/schedules.module';
import { schoolSettingsModule } from './modules/school-settings/school-settings.module';
import { seoModule } from './modules/seo/seo.module';
import { siteContentEntries } from './modules/seo/site-entries';
import { seriesModule } from './modules/series/series.module';
import { siteModule } from './modules/site/site.module';
import { teachersModule } from './modules/teachers/teachers.module';
import { tokenPlansModule } from './modules/token-plans/token-plans.module';
import { usersModule } from './modules/users/users.module';
import { waitlistModule } from './modules/waitlist/waitlist.module';
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
import { createFailureLimiter, registerRateLimit } from './plugins/rate-limit';
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
  /** Tests: how long closing the app lets a job in progress finish (jobs/job-queue.ts, 10 s). */
  jobStopWaitMs?: number;
};

/** The whole HTTP application on an open database; server.ts listens with it, tests inject into it. */
export async function buildApp(
  config: AppConfig,
  database: DatabaseHandle,
  { clock = systemClock, startJobs = true, checkResponses = false, jobStopWaitMs }: AppDependencies = {},
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

  const jobs = createJobQueue(database, {
    runWorkers: config.runJobs,
    log: app.log,
    clock,
    stopWaitMs: jobStopWaitMs,
  });
  app.decorate('jobs', jobs);
  if (startJobs) {
    app.addHook('onReady', () => jobs.start());
    // Before server.ts closes the database: a job in progress finishes first.
    app.addHook('onClose', () => jobs.stop());
  }
  // The answers and counts every caller reads alike, for the modules that share its memo.
  const cached = createResponseCache(app, clock);

  // The modules, each with what it needs of the others.
  const { db } = database;
  const { appUrl } = config;
  // Uploaded files (materials, homework), on disk or in S3: read only through the calls that check access.
  const files = createFileStore(config.fileStorage);
  const mail = mailModule(db, { config, jobs, clock });
  if (mail.close) app.addHook('onClose', mail.close);
  const { mailer } = mail;
  const schoolSettings = schoolSettingsModule(db, { config, clock });
  const settings = schoolSettings.service;
  const referrals = referralsModule(db, { clock, settings, jobs });
  const levels = levelsModule(db, { clock, mailer, settings, appUrl });
  const placement = placementModule(db, {
    clock,
    settings,
    levels: levels.service,
    rateLimit: config.rateLimits.placement,
  });
  const progress = progressModule(db, { clock, settings, levels: levels.service, appUrl });
  const auth = authModule(db, {
    config,
    clock,
    mailer,
    settings,
    referrals: referrals.service,
    levels: levels.service,
    placement: placement.service,
  });
  const tokenPlans = tokenPlansModule(db);
  const courses = coursesModule(db);
  const waitlist = waitlistModule(db, { settings, mailer, clock, mail: { appUrl }, jobs });
  const materials = materialsModule(db, { files, clock, settings });
  const classroom = classroomModule(db, { appUrl, clock, settings, jobs });
  const homework = homeworkModule(db, { clock, mailer, settings, mail: { appUrl }, files, jobs });
  const schedules = schedulesModule(db, {
    waitlist: waitlist.service,
    settings,
    clock,
    cached,
    mailer,
    appUrl,
    rooms: classroom.rooms,
  });
  const teachers = teachersModule(db, { clock, passwordReset: auth.passwordReset });
  const users = usersModule(db, { clock, teachers: teachers.service, cached });
  const payments = paymentsModule(db, { settings });
  const dashboard = dashboardModule(db, { settings, waitlist: waitlist.service, clock, cached });
  const bookings = bookingsModule(db, {
    settings,
    mailer,
    clock,
    mail: { appUrl },
    waitlist: waitlist.service,
  });
  const series = seriesModule(db, {
    clock,
    settings,
    bookings: bookings.service,
    waitlist: waitlist.service,
    changes: schedules.changes,
    rooms: classroom.rooms,
  });
  const calendar = calendarModule(db, { settings, clock, cached });
  const closedDays = closedDaysModule(db, { clock, settings, bookings: bookings.service });
  remindersModule(db, {
    mailer,
    clock,
    classHours: config.reminders.classHours,
    creditExpiryDays: config.reminders.creditExpiryDays,
    settings,
    mail: { appUrl },
    jobs,
  });
  retentionModule(db, {
    clock,
    mailRetentionDays: config.mailRetentionDays,
    placementRetentionDays: config.placementRetentionDays,
    rateLimits: config.rateLimits,
    jobs,
  });
  const contact = contactModule(db, {
    mailer,
    clock,
    settings,
    mail: { appUrl },
    rateLimit: config.rateLimits.contact,
  });
  const { gateway, demo } = createPaymentGateway(config, db, clock);
  const invoices = invoicesModule(db, { clock, settings });
  // Promo and gift codes share one budget of wrong guesses, whichever call tries them.
  const codeGuesses = createFailureLimiter(db, clock, {
    limits: config.rateLimits.codeGuess,
    message: MESSAGES.tooManyCodeGuesses,
    bucket: 'code-guess',
  });
  const gifts = giftsModule(db, { clock, settings, mailer, appUrl, jobs, codeGuesses });
  const refunds = refundsModule(db, {
    gateway,
    clock,
    invoices: invoices.service,
    referrals: referrals.service,
    gifts: gifts.service,
  });
  const promoCodes = promoCodesModule(db, { clock, gateway, codeGuesses });
  const checkout = checkoutModule(db, {
    promoCodes: promoCodes.service,
    gateway,
    clock,
    mailer,
    settings,
    appUrl,
    otherEvents: refunds.service.eventEffect,
    invoices: invoices.service,
    referrals: referrals.service,
    gifts: gifts.service,
    codeGuesses,
  });
  const demoGateway = demoGatewayModule(db, { demo, checkout: checkout.service, clock, jobs });
  const calendarFeed = calendarFeedModule(db, { appUrl, clock, settings });
  const credits = creditsModule(db, { clock });
  const clubPass = clubPassModule(db, { clock, settings, mailer, appUrl });
  const adminSearch = adminSearchModule(db);
  const audit = auditModule(db, { settings });
  const health = healthModule({ database, jobs });
  const site = siteModule(db, { settings, cached, clock });
  // The published pages and posts come from the site's content; until it has some, the fixed pages only.
  const seo = seoModule(db, {
    settings,
    clock,
    publicUrl: appUrl,
    publishedEntries: siteContentEntries(db, clock, cached.shared),
  });

  await registerAuth(app, { auth: auth.service, sessions: cached.sessions, clock });
  registerAuditLog(app, audit.service);

  // In this order under /api, which is the order of the OpenAPI document's paths.
  const apiModules: { routes: ModuleRoutes }[] = [
    health,
    auth,
    tokenPlans,
    calendar,
    bookings,
    waitlist,
    calendarFeed,
    credits,
    clubPass,
    referrals,
    levels,
    placement,
    progress,
    courses,
    schedules,
    series,
    classroom,
    materials,
    homework,
    closedDays,
    users,
    teachers,
    payments,
    invoices,
    refunds,
    promoCodes,
    gifts,
    adminSearch,
    audit,
    schoolSettings,
    site,
    checkout,
    demoGateway,
    dashboard,
    contact,
    mail,
  ];
  await app.register(
    async (api) => {
      api.addHook('onRequest', noStore);
      api.setNotFoundHandler((request, reply) => {
        const path = request.url.split('?')[0] ?? request.url;
        return reply.status(404).send(errorBody(`Unknown API call: ${request.method} ${path}`));
      });
      for (const module of apiModules) await module.routes(api);
    },
    { prefix: '/api' },
  );

  await seo.routes(app);
  await site.rootRoutes(app);
  await registerWebApp(app, { distDir: config.webDistDir, pageHead: seo.pageHead });
  return app;
}
