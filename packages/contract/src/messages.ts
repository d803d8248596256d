// User-facing texts shared by server and web. Kept free of zod so the web app's first bundle can import
// them without pulling in the schemas.
//
// Each entry is English for API clients, and has its translation `errors.<key>` in every catalog
// (packages/i18n/catalogs/*/errors.json; apps/web/src/lib/messages.test.ts holds the English one equal to
// the entry). An entry with values is a function of one object whose names are the ICU message's
// placeholders; its English must be the message's, so the web app can read the values back from the text
// (message-lookup.ts).

export const MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match.',
  mustAgreeTerms: 'You must agree to the terms and conditions.',
  registrationFailed: 'Registration failed.',
  loginFailed: 'Login failed',
  networkFailure: 'Something went wrong. Try again later.',
  // A 503 while the database is unavailable; the web app offers to try again.
  serviceUnavailable: 'The service is briefly unavailable. Please try again.',
  settingsUpdated: 'Settings Updated',
  currentPasswordRequired: 'Enter your current password to set a new one.',
  currentPasswordWrong: 'Your current password is not correct.',
  invalidCredentials: 'These credentials do not match our records.',
  emailTaken: 'This email is already registered.',
  // Sign-up with an address that has an account answers this, not emailTaken: the owner is mailed instead.
  registrationMailed: ({ email }: { email: string }) =>
    `We have sent a mail to ${email}. Open it to continue: it tells you how to sign in.`,
  passwordTooShort: ({ min }: { min: number }) => `Use at least ${min} characters for your password.`,
  passwordBlank: 'A password cannot be only spaces.',
  passwordCommon: 'This password is too common and easy to guess. Choose a less usual one.',
  passwordHasEmail: 'Your password cannot contain your email address.',
  notAdmin: 'This account is not an administrator.',
  tooManyAttempts: 'Too many login attempts. Please wait a minute and try again.',
  tooManyRequests: 'Too many requests from you just now. Please try again later.',
  unauthenticated: 'Please log in to continue.',
  forbidden: 'You do not have permission to do this.',
  // The same answer whether or not the account exists, so the form reveals no emails.
  resetLinkSent: 'If an account exists for this email, we have sent it a link to set a new password.',
  // The welcome mail's link.
  emailVerified: 'Thank you: your email address is verified.',
  verificationLinkSent: ({ email }: { email: string }) => `We have sent a new verification link to ${email}.`,
  verificationLinkInvalid:
    'This verification link is not valid. Sign in and ask for a new one from the banner.',
  // Mail preferences.
  mailPreferencesSaved: 'Your mail preferences are saved.',
  // `what`: the kind turned off, as OPTIONAL_MAIL_NAMES says it.
  unsubscribed: ({ what }: { what: string }) =>
    `Done: you will not get ${what} any more. Turn them back on, or choose your other mails, in Settings.`,
  unsubscribeLinkInvalid: 'This link is not valid. Turn mails on or off in Settings.',
  // The contact form.
  contactSent: 'Thank you for your message! Our team will reply by email within two working days.',
  tooManyContactMessages: 'Too many messages from you just now. Please try again in a while.',
  tooManyPlacementTests: 'Too many placement tests were started from here today. Please try again tomorrow.',
  passwordChanged: 'Your password has been changed. Sign in with the new password.',
  resetLinkUsed: 'This link has already been used. Ask for a new one if you still need it.',
  resetLinkExpired: 'This link has expired. Ask for a new one.',
  resetLinkInvalid: 'This link is not valid. Ask for a new one.',
  // Accounts an administrator disabled, and the rules that keep the school administrable.
  accountDisabled: 'This account has been disabled. Please contact the school.',
  lastActiveAdmin: 'The last active administrator cannot be disabled or removed.',
  ownAccount: 'You cannot disable or remove your own account.',
  adminHasHistory:
    'This administrator has recorded actions (in the audit log and the ledger), so the account cannot be removed. Disable it instead.',
  // DESIGN.md section 6: the marker header is the CSRF defence for cookie-authenticated writes.
  markerHeaderRequired:
    'Requests signed in with the session cookie must send the header X-Requested-With: XMLHttpRequest.',
  // The server's answer to a fault it keeps to its log.
  internalError: 'Something went wrong on our side. Please try again later.',
  unstorableText: 'Text cannot contain NUL characters or broken Unicode.',

  // The fields of the sign-up, sign-in, password and contact forms.
  emailRequired: 'Email is required.',
  emailTooLong: ({ max }: { max: number }) => `Email must be at most ${max} characters.`,
  emailInvalid: 'Enter a valid email address.',
  nameRequired: 'Name is required.',
  nameTooLong: ({ max }: { max: number }) => `Name must be at most ${max} characters.`,
  passwordRequired: 'Password is required.',
  passwordTooLong: ({ max }: { max: number }) => `Password must be at most ${max} characters.`,
  confirmPassword: 'Confirm your password.',
  levelRequired: 'Choose your English level.',
  timeZoneInvalid: 'Choose a valid time zone.',
  singleLine: 'Use a single line without control characters.',
  multiLine: 'Use text without control characters (line breaks and tabs are fine).',
  phoneTooLong: ({ max }: { max: number }) => `Phone must be at most ${max} characters.`,
  phoneInvalid: 'Enter the phone number with its country code, such as +44 20 7946 0958.',
  courseRequired: 'Choose the course you are interested in.',
  courseTooLong: ({ max }: { max: number }) => `Course must be at most ${max} characters.`,
  messageRequired: 'Write a short message.',
  messageTooLong: ({ max }: { max: number }) => `Message must be at most ${max} characters.`,
  // A mail's link (verification, unsubscribe) and a password reset's, when the address lost its token.
  linkInvalid: 'The link is not valid.',
  thisLinkInvalid: 'This link is not valid.',

  // Booking, cancelling and the waitlist.
  noCredit: 'You do not have credit. Please purchase credit.',
  classFull: 'This class is full.',
  classNotFound: 'This class does not exist.',
  classCancelled: 'This class has been cancelled.',
  classStartedNoBooking: 'This class has already started and can no longer be booked.',
  classStartedNoCancel: 'This class has already started and can no longer be cancelled.',
  alreadyBooked: 'You have already booked this class.',
  bookingNotFound: 'This booking does not exist.',
  bookingAlreadyCancelled: 'This booking is already cancelled.',
  // Homework of a class the learner is booked on.
  homeworkNotFound: 'This homework does not exist.',
  homeworkDone: 'Your teacher has marked this homework done, so it can no longer be changed.',
  homeworkTextRequired: 'Write your answer.',
  homeworkAnswerFirst: 'Hand in your answer first, then attach files to it.',
  // A cancel inside the window that the learner did not confirm as late (the page asks first).
  lateCancelUnconfirmed: ({ hours, credits }: { hours: number; credits: number }) =>
    `Free cancellation ended ${hours} ${hours === 1 ? 'hour' : 'hours'} before the class: cancelling now keeps your ${credits} ${credits === 1 ? 'credit' : 'credits'}. Confirm the late cancel to go ahead.`,
  // A club class (booked with the Conversation Club pass, never tokens) whose start no pass of the learner covers.
  clubPassNeeded: 'This class is included in the Club pass: you need a Club pass that covers its date.',
  clubWeekFull: ({ max }: { max: number }) =>
    `Your Club pass includes ${max} ${max === 1 ? 'club class' : 'club classes'} a week, and you have booked them all for that week.`,
  notInSeries: 'This class belongs to no series.',
  waitlistClosed: 'The waitlist of this class has closed.',
  waitlistSeatsFree: 'This class has free seats: book it instead.',
  alreadyWaiting: 'You are already on the waitlist of this class.',
  notWaiting: 'You are not on the waitlist of this class.',
  // A class outside the learner's CEFR level: "warn" asks the learner to confirm, "refuse" stops it.
  levelUnconfirmed: ({ range, level }: { range: string; level: string }) =>
    `This class is for ${range} and your level is ${level}. Confirm to book it anyway.`,
  levelRefused: ({ range, level }: { range: string; level: string }) =>
    `This class is for ${range} and your level is ${level}: the school books learners only into classes at their level.`,
  placementTestNotFound: 'This placement test does not exist. Start a new one.',
  placementTestFinished: 'This placement test is finished: see its result.',
  placementRetakeTooSoon: ({ days }: { days: number }) =>
    `You took the placement test recently: you can take it again in ${days} ${days === 1 ? 'day' : 'days'}.`,
  placementNoItems: 'The placement test has no questions at this level. Tell the school.',
  placementOutOfTurn: 'Answer the current question first.',
  placementChooseAnswer: 'Choose one of the answers.',

  // Checkout, the demo gateway's card field (worded as Stripe's) and its declines.
  cardDetailsRequired: 'Enter your card details.',
  cardNumberIncomplete: 'Your card number is incomplete.',
  cardNumberIncorrect: 'Your card number is incorrect.',
  cardExpiryIncomplete: "Your card's expiration date is incomplete.",
  cardExpiryMonthInvalid: "Your card's expiration month is invalid.",
  cardExpiryYearInvalid: "Your card's expiration year is invalid.",
  cardExpired: "Your card's expiration date is in the past.",
  cardCvcIncomplete: "Your card's security code is incomplete.",
  demoCardsOnly: "Demo payments take Stripe's test cards only, such as 4242 4242 4242 4242.",
  cardInsufficientFunds: 'Your card has insufficient funds.',
  cardDeclined: 'Your card was declined.',
  cardProcessingError: 'An error occurred while processing your card. Try again in a little bit.',
  cardAuthenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  paymentMethodMissing: 'No such payment method. Enter your card again.',
  paymentMissing: 'No such payment. Start the checkout again.',
  paymentNotVerified: 'This payment could not be verified. No tokens were added.',
  paymentNotYours: 'This payment was not made from your account.',
  paymentForOtherPackage: 'This payment was for another package.',
  paymentNotCompleted: 'This payment has not been completed.',
  paymentPlanGone: 'The plan of this payment no longer exists.',
  paymentNotFound: 'This payment does not exist.',
  invoiceNotFound: 'This invoice does not exist.',
  packageNotOnSale: 'This package does not exist or is no longer on sale.',
  planNotOnSale: 'This plan does not exist or is no longer on sale.',
  clubPlanSubscriptionOnly: 'The Conversation Club is sold as a monthly subscription only.',
  // Promo codes at the checkout.
  promoCodeUnknown: 'This code is not valid.',
  promoCodeNotYet: 'This code is not valid yet.',
  promoCodeExpired: 'This code has expired.',
  promoCodeOtherPlan: 'This code does not apply to this package.',
  promoCodeFirstPurchase: 'This code is for a first purchase only.',
  promoCodeUsedUp: 'This code has been used up.',
  promoCodeUsedByYou: 'You have already used this code.',
  // Promo and gift codes that did not work, counted together (CODE_GUESS_RATE_LIMIT).
  tooManyCodeGuesses: 'Too many codes that did not work were tried. Please try again in an hour.',
  subscriptionNotFound: 'This subscription does not exist.',
  subscriptionBeingSetUp: 'This subscription is already being set up. Please wait a moment.',
  alreadySubscribed: 'You already subscribe to this plan. See your payments page.',
  subscriptionEnded: 'This subscription has already ended.',
  // Pausing a membership (the school's settings set the limits).
  pauseOff: 'This school does not offer pausing a membership.',
  pauseNotRunning: 'Only a running membership that is not set to end can be paused.',
  pauseAlreadyPlanned: 'This membership already has a pause planned or running.',
  pauseTooLong: ({ max }: { max: number }) =>
    `A pause can last at most ${max} billing ${max === 1 ? 'month' : 'months'}.`,
  pauseLimitReached: ({ times }: { times: number }) =>
    `A membership can be paused ${times} ${times === 1 ? 'time' : 'times'} a year, and that is used up.`,
  notPaused: 'This membership is not paused.',
  // Changing a membership's plan.
  planChangeNotRunning:
    'Only a running membership that is not paused, past due or set to end can change plan.',
  planChangeAlreadyPlanned: 'This membership already moves to another plan at its next renewal.',
  planChangeSamePlan: 'This is already your plan.',
  planChangeOtherInterval: 'Choose a membership billed at the same interval as yours.',
  planChangeOutOfDate: 'The figures have changed since you looked. Look at the new ones and confirm again.',
  // A membership's renewal failed and its grace period is over: credits cannot book until it is paid.
  membershipPastDue:
    "Your membership's renewal payment failed and its grace period is over, so classes cannot be booked with credits. Update your card under Payments: the payment is tried again at once.",
  // Gift cards.
  giftPackageOnly: 'Only a package can be given as a gift.',
  giftDateInPast: 'Choose today or a later day for the gift.',
  giftDateTooFar: ({ days }: { days: number }) => `Choose a day within the next ${days} days for the gift.`,
  giftNotFound: 'No gift has this code. Check it and try again.',
  giftAlreadyRedeemed: 'This gift has already been redeemed.',
  giftRefunded: 'This gift was refunded to its buyer, so its code no longer works.',
} as const;

type Messages = typeof MESSAGES;
export type MessageKey = keyof Messages;
/** What a message's placeholders take (the answer's `values`). */
export type MessageValues = Record<string, string | number>;
/** The entries with values. */
export type TemplateKey = {
  [K in MessageKey]: Messages[K] extends (values: never) => string ? K : never;
}[MessageKey];
export type TemplateValues<K extends TemplateKey> = Parameters<Messages[K]>[0];

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(MESSAGES, key);
