import {
  adminLoginBodySchema,
  authResponseSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  messageResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  userDetailsResponseSchema,
  userDetailsSaveBodySchema,
  userDetailsSaveResponseSchema,
  verifyEmailBodySchema,
} from '@tokenly/contract/auth';
import { okSchema } from '@tokenly/contract/common';
import { MESSAGES } from '@tokenly/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimit } from '../../config/env';
import { endpoint } from '../../lib/endpoint';
import { clearSessionCookie, currentSession, setSessionCookie } from '../../plugins/auth';
import { createAttemptLimiter } from '../../plugins/rate-limit';
import { type AuthService, toAuthResponse, toUserDto } from './auth-service';
import type { EmailVerificationService } from './email-verification-service';
import type { PasswordResetService } from './password-reset-service';

const VERIFICATION_MAIL_LIMIT = { max: 3, windowMs: 60 * 60 * 1000 };

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  passwordReset: PasswordResetService;
  emailVerification: EmailVerificationService;
  loginRateLimit: RateLimit;
}> = async (app, { auth, passwordReset, emailVerification, loginRateLimit }) => {
  // One bucket for the three calls that take a password, so switching calls does not reset the count.
  const limitAttempts = createAttemptLimiter(app, loginRateLimit, MESSAGES.tooManyAttempts, 'sign-in');
  // A stolen session must not be able to guess the current password at leisure (issue 18).
  const limitPasswordChecks = createAttemptLimiter(
    app,
    loginRateLimit,
    MESSAGES.tooManyAttempts,
    'current-password',
    'account',
  );
  // Each request mails a new link: a few an hour per account, so the form cannot flood an address.
  const limitVerificationMails = createAttemptLimiter(
    app,
    VERIFICATION_MAIL_LIMIT,
    MESSAGES.tooManyAttempts,
    'verification-mail',
    'account',
  );

  app.route({
    ...endpoint('register'),
    schema: {
      body: registerBodySchema,
      response: { 201: authResponseSchema },
    },
    preHandler: limitAttempts,
    handler: async (request, reply) => {
      const signedIn = await auth.register(request.body);
      setSessionCookie(request, reply, signedIn.session);
      return reply.status(201).send(toAuthResponse(signedIn));
    },
  });

  app.route({
    ...endpoint('login'),
    schema: {
      body: loginBodySchema,
      response: { 200: authResponseSchema },
    },
    preHandler: limitAttempts,
    handler: async (request, reply) => {
      const signedIn = await auth.login(request.body);
      setSessionCookie(request, reply, signedIn.session);
      return toAuthResponse(signedIn);
    },
  });

  app.route({
    ...endpoint('adminLogin'),
    schema: {
      body: adminLoginBodySchema,
      response: { 200: authResponseSchema },
    },
    preHandler: limitAttempts,
    handler: async (request, reply) => {
      const signedIn = await auth.adminLogin(request.body);
      setSessionCookie(request, reply, signedIn.session);
      return toAuthResponse(signedIn);
    },
  });

  app.route({
    ...endpoint('logout'),
    schema: { response: { 200: okSchema } },
    onRequest: app.requireAuth,
    handler: async (request, reply) => {
      await auth.logout(currentSession(request));
      clearSessionCookie(request, reply);
      return { data: { ok: true as const } };
    },
  });

  app.route({
    ...endpoint('userDetails'),
    schema: { response: { 200: userDetailsResponseSchema } },
    onRequest: app.requireAuth,
    // The guard has just read the user together with the session; no second query needed.
    handler: async (request) => ({ data: toUserDto(currentSession(request).user) }),
  });

  app.route({
    ...endpoint('userDetailsSave'),
    schema: {
      body: userDetailsSaveBodySchema,
      response: { 200: userDetailsSaveResponseSchema },
    },
    onRequest: app.requireAuth,
    preHandler: limitPasswordChecks,
    handler: async (request) => {
      const user = await auth.saveUserDetails(currentSession(request), request.body);
      return { data: toUserDto(user), message: MESSAGES.settingsUpdated };
    },
  });

  app.route({
    ...endpoint('verifyEmail'),
    schema: { body: verifyEmailBodySchema, response: { 200: messageResponseSchema } },
    handler: async (request) => {
      await emailVerification.verify(request.body.token);
      return { data: { ok: true as const }, message: MESSAGES.emailVerified };
    },
  });

  app.route({
    ...endpoint('resendVerification'),
    schema: { response: { 200: messageResponseSchema } },
    onRequest: app.requireRole('user'),
    preHandler: limitVerificationMails,
    handler: async (request) => {
      const { user } = currentSession(request);
      await emailVerification.resend(user);
      return { data: { ok: true as const }, message: MESSAGES.verificationLinkSent(user.email) };
    },
  });

  app.route({
    ...endpoint('forgotPassword'),
    schema: { body: forgotPasswordBodySchema, response: { 200: messageResponseSchema } },
    // Counted like a sign-in: asking for links is no faster a way to probe or flood an address.
    preHandler: limitAttempts,
    handler: async (request) => {
      await passwordReset.request(request.body.email);
      return { data: { ok: true as const }, message: MESSAGES.resetLinkSent };
    },
  });

  app.route({
    ...endpoint('resetPassword'),
    schema: { body: resetPasswordBodySchema, response: { 200: messageResponseSchema } },
    preHandler: limitAttempts,
    handler: async (request) => {
      await passwordReset.reset(request.body);
      return { data: { ok: true as const }, message: MESSAGES.passwordChanged };
    },
  });
};
