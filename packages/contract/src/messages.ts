// User-facing texts shared by server and web. Kept free of zod so the web app's first bundle can import
// them without pulling in the schemas.
export const MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match.',
  mustAgreeTerms: 'You must agree to the terms and conditions.',
  registrationFailed: 'Registration failed.',
  loginFailed: 'Login failed',
  networkFailure: 'Something went wrong. Try again later.',
  // Issue 20: a 503 while the database is unavailable; the web app offers to try again.
  serviceUnavailable: 'The service is briefly unavailable. Please try again.',
  settingsUpdated: 'Settings Updated',
  invalidCredentials: 'These credentials do not match our records.',
  emailTaken: 'This email is already registered.',
  notAdmin: 'This account is not an administrator.',
  tooManyAttempts: 'Too many login attempts. Please wait a minute and try again.',
  unauthenticated: 'Please log in to continue.',
  forbidden: 'You do not have permission to do this.',
  // DESIGN.md section 6: the marker header is the CSRF defence for cookie-authenticated writes.
  markerHeaderRequired:
    'Requests signed in with the session cookie must send the header X-Requested-With: XMLHttpRequest.',
} as const;
