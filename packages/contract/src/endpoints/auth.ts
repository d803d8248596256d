import {
  adminLoginBodySchema,
  authResponseSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  messageResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  resetPasswordBodySchema,
  userDetailsResponseSchema,
  userDetailsSaveBodySchema,
  userDetailsSaveResponseSchema,
  userLocaleBodySchema,
  verifyEmailBodySchema,
} from '../auth.ts';
import { okSchema } from '../common.ts';
import { mailPreferencesResponseSchema, mailPreferencesSchema, unsubscribeQuerySchema } from '../mail.ts';
import type { EndpointSpec } from './spec.ts';

export const authEndpoints = {
  register: {
    method: 'POST',
    path: 'register',
    auth: 'public',
    tag: 'auth',
    summary: 'Create a learner account (role user) and sign in; 201 with the login body and cookie',
    errors: { 422: 'Also when the email is already registered.' },
    rateLimited: true,
    body: registerBodySchema,
    response: { 201: registerResponseSchema },
  },

  login: {
    method: 'POST',
    path: 'login',
    auth: 'public',
    tag: 'auth',
    summary: 'Sign in (any role); remember keeps the session 30 days instead of 12 hours',
    errors: { 401: 'Wrong email or password.', 403: 'The account has been disabled by the school.' },
    rateLimited: true,
    body: loginBodySchema,
    response: { 200: authResponseSchema },
  },

  adminLogin: {
    method: 'POST',
    path: 'admin-login',
    auth: 'public',
    tag: 'auth',
    summary: 'Sign in as an administrator',
    errors: {
      401: 'Wrong email or password.',
      403: 'The account is not an administrator, or has been disabled.',
    },
    rateLimited: true,
    body: adminLoginBodySchema,
    response: { 200: authResponseSchema },
  },

  logout: {
    method: 'POST',
    path: 'logout',
    auth: 'any',
    tag: 'auth',
    summary: 'Revoke the current session and clear the cookie',
    errors: {},
    response: { 200: okSchema },
  },

  userDetails: {
    method: 'GET',
    path: 'user-details',
    auth: 'any',
    tag: 'auth',
    summary: 'The signed-in user',
    errors: {},
    response: { 200: userDetailsResponseSchema },
  },

  userDetailsSave: {
    method: 'POST',
    path: 'user-details-save',
    auth: 'any',
    tag: 'auth',
    summary:
      'Change name and, optionally, password (needs current_password and password_confirmation; other sessions are signed out)',
    errors: { 422: 'Also when current_password is wrong.' },
    rateLimited: true,
    body: userDetailsSaveBodySchema,
    response: { 200: userDetailsSaveResponseSchema },
  },

  userLocale: {
    method: 'POST',
    path: 'user-locale',
    auth: 'any',
    tag: 'auth',
    summary: "Keep the language menu's choice in the account: the user's pages and mail use it",
    errors: {},
    body: userLocaleBodySchema,
    response: { 200: userDetailsResponseSchema },
  },

  forgotPassword: {
    method: 'POST',
    path: 'forgot-password',
    auth: 'public',
    tag: 'auth',
    summary: 'Mail a link to set a new password; the same answer whether or not the account exists',
    errors: {},
    rateLimited: true,
    body: forgotPasswordBodySchema,
    response: { 200: messageResponseSchema },
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
    body: resetPasswordBodySchema,
    response: { 200: messageResponseSchema },
  },

  verifyEmail: {
    method: 'POST',
    path: 'verify-email',
    auth: 'public',
    tag: 'auth',
    summary: "Verify an account's email with the token of the welcome mail's link",
    errors: { 404: 'The link is not valid.' },
    body: verifyEmailBodySchema,
    response: { 200: messageResponseSchema },
  },

  resendVerification: {
    method: 'POST',
    path: 'resend-verification',
    auth: 'user',
    tag: 'auth',
    summary: 'Mail the signed-in learner a new verification link (nothing when already verified)',
    errors: {},
    rateLimited: true,
    response: { 200: messageResponseSchema },
  },

  mailPreferences: {
    method: 'GET',
    path: 'mail-preferences',
    auth: 'user',
    tag: 'auth',
    summary: 'Which non-essential mail the signed-in learner gets (reminders, credits about to expire)',
    errors: {},
    response: { 200: mailPreferencesResponseSchema },
  },

  mailPreferencesSave: {
    method: 'PUT',
    path: 'mail-preferences',
    auth: 'user',
    tag: 'auth',
    summary: 'Turn reminders and credit notices on or off for the signed-in learner',
    errors: {},
    body: mailPreferencesSchema,
    response: { 200: mailPreferencesResponseSchema },
  },

  unsubscribe: {
    method: 'POST',
    path: 'unsubscribe',
    auth: 'public',
    tag: 'auth',
    summary: 'One-click unsubscribe (RFC 8058) from a kind of mail, with the token of the link in that mail',
    errors: { 404: 'The link is not valid.' },
    query: unsubscribeQuerySchema,
    response: { 200: messageResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
