import { MESSAGES } from '@tokenly/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimits } from '../../config/env';
import { endpoint } from '../../lib/endpoint';
import {
  clearSessionCookie,
  currentSession,
  DEVICE_COOKIE,
  setDeviceCookie,
  setSessionCookie,
} from '../../plugins/auth';
import { createAttemptLimiter } from '../../plugins/rate-limit';
import { type AuthService, type SignInRequest, toAuthResponse, toUserDto } from './auth-service';
import type { EmailVerificationService } from './email-verification-service';
import type { PasswordResetService } from './password-reset-service';

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  passwordReset: PasswordResetService;
  emailVerification: EmailVerificationService;
  rateLimits: RateLimits;
}> = async (app, { auth, passwordReset, emailVerification, rateLimits }) => {
  // Sign-in failures are counted by the auth service (only failures count); these calls have budgets of
  // their own, per client, so that no one of them can be used to stop another.
  const limitRegister = createAttemptLimiter(
    app,
    rateLimits.register,
    MESSAGES.tooManyRequests,
    'register',
    'ip',
  );
  const limitForgotPassword = createAttemptLimiter(
    app,
    rateLimits.forgotPassword,
    MESSAGES.tooManyRequests,
    'forgot-password',
    'ip',
  );
  const limitResetPassword = createAttemptLimiter(
    app,
    rateLimits.resetPassword,
    MESSAGES.tooManyRequests,
    'reset-password',
    'ip',
  );
  // Each request mails a new link: a few an hour per account, so the button cannot flood an address.
  const limitVerificationMails = createAttemptLimiter(
    app,
    rateLimits.resendVerification,
    MESSAGES.tooManyRequests,
    'verification-mail',
    'account',
  );
  const signInRequest = (request: FastifyRequest): SignInRequest => ({
    ip: request.ip,
    deviceToken: request.cookies[DEVICE_COOKIE],
  });

  app.route({
    ...endpoint('register'),
    preHandler: limitRegister,
    handler: async (request, reply) => {
      const registered = await auth.register(request.body);
      if ('mailed' in registered) {
        return reply
          .status(201)
          .send({ data: null, message: MESSAGES.registrationMailed({ email: registered.mailed }) });
      }
      setSessionCookie(request, reply, registered.session);
      return reply.status(201).send(toAuthResponse(registered));
    },
  });

  app.route({
    ...endpoint('login'),
    handler: async (request, reply) => {
      const signedIn = await auth.login(request.body, signInRequest(request));
      setSessionCookie(request, reply, signedIn.session);
      setDeviceCookie(request, reply, signedIn.deviceToken);
      return toAuthResponse(signedIn);
    },
  });

  app.route({
    ...endpoint('adminLogin'),
    handler: async (request, reply) => {
      const signedIn = await auth.adminLogin(request.body, signInRequest(request));
      setSessionCookie(request, reply, signedIn.session);
      setDeviceCookie(request, reply, signedIn.deviceToken);
      return toAuthResponse(signedIn);
    },
  });

  app.route({
    ...endpoint('logout'),
    handler: async (request, reply) => {
      await auth.logout(currentSession(request));
      clearSessionCookie(request, reply);
      return { data: { ok: true as const } };
    },
  });

  app.route({
    ...endpoint('userDetails'),
    // The guard has just read the user together with the session; no second query needed.
    handler: async (request) => ({ data: toUserDto(currentSession(request).user) }),
  });

  app.route({
    ...endpoint('userDetailsSave'),
    handler: async (request) => {
      const user = await auth.saveUserDetails(currentSession(request), request.body);
      return { data: toUserDto(user), message: MESSAGES.settingsUpdated };
    },
  });

  app.route({
    ...endpoint('userLocale'),
    handler: async (request) => ({
      data: toUserDto(await auth.saveLocale(currentSession(request), request.body.locale)),
    }),
  });

  app.route({
    ...endpoint('verifyEmail'),
    handler: async (request) => {
      await emailVerification.verify(request.body.token);
      return { data: { ok: true as const }, message: MESSAGES.emailVerified };
    },
  });

  app.route({
    ...endpoint('resendVerification'),
    preHandler: limitVerificationMails,
    handler: async (request) => {
      const { user } = currentSession(request);
      await emailVerification.resend(user);
      return { data: { ok: true as const }, message: MESSAGES.verificationLinkSent({ email: user.email }) };
    },
  });

  app.route({
    ...endpoint('forgotPassword'),
    preHandler: limitForgotPassword,
    handler: async (request) => {
      await passwordReset.request(request.body.email);
      return { data: { ok: true as const }, message: MESSAGES.resetLinkSent };
    },
  });

  app.route({
    ...endpoint('resetPassword'),
    preHandler: limitResetPassword,
    handler: async (request) => {
      await passwordReset.reset(request.body);
      return { data: { ok: true as const }, message: MESSAGES.passwordChanged };
    },
  });
};
