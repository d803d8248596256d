// User-facing texts shared by server and web. Kept free of zod so the web app's first bundle can import
// them without pulling in the schemas.
import { PASSWORD_MIN_LENGTH } from './constants';

export const MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match.',
  mustAgreeTerms: 'You must agree to the terms and conditions.',
  registrationFailed: 'Registration failed.',
  loginFailed: 'Login failed',
  networkFailure: 'Something went wrong. Try again later.',
  // Issue 20: a 503 while the database is unavailable; the web app offers to try again.
  serviceUnavailable: 'The service is briefly unavailable. Please try again.',
  settingsUpdated: 'Settings Updated',
  currentPasswordRequired: 'Enter your current password to set a new one.',
  currentPasswordWrong: 'Your current password is not correct.',
  invalidCredentials: 'These credentials do not match our records.',
  emailTaken: 'This email is already registered.',
  // Sign-up with an address that has an account answers this, not emailTaken: the owner is mailed instead.
  registrationMailed: (email: string) =>
    `We have sent a mail to ${email}. Open it to continue: it tells you how to sign in.`,
  passwordTooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters for your password.`,
  passwordBlank: 'A password cannot be only spaces.',
  passwordCommon: 'This password is too common and easy to guess. Choose a less usual one.',
  passwordHasEmail: 'Your password cannot contain your email address.',
  notAdmin: 'This account is not an administrator.',
  tooManyAttempts: 'Too many login attempts. Please wait a minute and try again.',
  tooManyRequests: 'Too many requests from you just now. Please try again later.',
  unauthenticated: 'Please log in to continue.',
  forbidden: 'You do not have permission to do this.',
  // Issue 12: the same answer whether or not the account exists, so the form reveals no emails.
  resetLinkSent: 'If an account exists for this email, we have sent it a link to set a new password.',
  // Issue 12: the welcome mail's link.
  emailVerified: 'Thank you: your email address is verified.',
  verificationLinkSent: (email: string) => `We have sent a new verification link to ${email}.`,
  verificationLinkInvalid:
    'This verification link is not valid. Sign in and ask for a new one from the banner.',
  // Issue 12: mail preferences.
  mailPreferencesSaved: 'Your mail preferences are saved.',
  // `what`: the kind turned off, as OPTIONAL_MAIL_NAMES says it.
  unsubscribed: (what: string) =>
    `Done: you will not get ${what} any more. Turn them back on, or choose your other mails, in Settings.`,
  unsubscribeLinkInvalid: 'This link is not valid. Turn mails on or off in Settings.',
  // Issue 12: the contact form.
  contactSent: 'Thank you for your message! Our team will reply by email within two working days.',
  tooManyContactMessages: 'Too many messages from you just now. Please try again in a while.',
  passwordChanged: 'Your password has been changed. Sign in with the new password.',
  resetLinkUsed: 'This link has already been used. Ask for a new one if you still need it.',
  resetLinkExpired: 'This link has expired. Ask for a new one.',
  resetLinkInvalid: 'This link is not valid. Ask for a new one.',
  // Issue 19: accounts an administrator disabled, and the rules that keep the school administrable.
  accountDisabled: 'This account has been disabled. Please contact the school.',
  lastActiveAdmin: 'The last active administrator cannot be disabled or removed.',
  ownAccount: 'You cannot disable or remove your own account.',
  adminHasHistory:
    'This administrator has recorded actions (in the audit log and the ledger), so the account cannot be removed. Disable it instead.',
  // DESIGN.md section 6: the marker header is the CSRF defence for cookie-authenticated writes.
  markerHeaderRequired:
    'Requests signed in with the session cookie must send the header X-Requested-With: XMLHttpRequest.',
} as const;
