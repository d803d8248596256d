import { z } from 'zod';
import { envelope, idInput, numberInput, paginated, singleLine, usdInput } from './common.ts';
import { giftRequestSchema } from './gifts.ts';
import { scheduledPlanChangeSchema } from './memberships.ts';
import { MESSAGES } from './messages.ts';
import { paymentSchema } from './payments.ts';
import { promoCodeField } from './promo-codes.ts';

// Checkout calls of SPEC.md section 7 (payment/intent, subscription, one-time-payment) and the calls we
// added around them. The client never decides what a payment is worth: amounts and token counts are
// accepted only when they equal the plan's, and tokens are granted only after the server has verified
// the payment with the gateway (DESIGN.md section 6).

export const CHECKOUT_MESSAGES = {
  oneTimeSuccess: 'One-time payment successful!',
  subscriptionSuccess: 'Subscription confirmed!',
  subscriptionAuthenticated: 'Subscription confirmed after authentication!',
  // SPEC.md section 8 puts 'Auth failed: ' before the provider's message after the bank's step. Its
  // cross mark is left out: the alert's role already says it is an error, and screen readers read the
  // emoji aloud ("cross mark") before the message.
  authFailedPrefix: 'Auth failed: ',
  demoNotice: 'Demo payments: no real charge',
} as const;

export const PAYMENT_PROVIDERS = ['demo', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * Stripe's test cards, which the demo gateway understands (DESIGN.md section 6): its basic card and two
 * declines, and every card of its 3-D Secure tables (docs.stripe.com/testing, "Authentication and
 * setup" and "3D Secure"). The demo asks for 3-D Secure where Stripe's default rules do.
 */
export const DEMO_CARDS = {
  succeeds: '4242424242424242',
  insufficientFunds: '4000000000009995',
  declined: '4000000000000002',
  // Authentication and setup: each asks the bank on a payment its holder makes; the last is then refused.
  requiresAuthentication: '4000002500003155',
  alwaysAuthenticate: '4000002760003184',
  alreadySetUp: '4000003800000446',
  authenticatedThenInsufficientFunds: '4000008260003178',
  // 3-D Secure required: authenticated, then paid, declined (card_declined) or failing (processing error).
  threeDSecureRequired: '4000000000003220',
  authenticatedThenDeclined: '4000008400001629',
  threeDSecureLookupError: '4000008400001280',
  // 3-D Secure supported but not required, or not supported (American Express, 15 digits): paid at once.
  threeDSecureOptional: '4000000000003055',
  threeDSecureOptionalErrorIfAttempted: '4000000000003097',
  threeDSecureNotSupported: '378282246310005',
  // Attaches to the membership, then every charge of it is declined (a renewal that fails).
  attachesThenFails: '4000000000000341',
} as const;

const MAX_CENTS = 10_000_000;
const planIdSchema = idInput('user_credit_token_id must be a plan id.');
const usdSchema = usdInput('amount', MAX_CENTS / 100);
// 0 for the club plan, which grants no tokens; the server checks it is the plan's own count.
const tokenCountSchema = numberInput(
  'number_token must be a whole number.',
  z
    .number()
    .int('number_token must be a whole number.')
    .min(0, 'number_token must be at least 0.')
    .max(100_000, 'number_token is too large.'),
);
// Stripe ids are short ASCII; anything else cannot be one.
const providerIdSchema = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(255, `${field} is too long.`)
    .regex(/^[A-Za-z0-9_]+$/, `${field} is not a valid id.`);

/** GET payment-config: which gateway runs, and Stripe's publishable key (never built into the bundle). */
export const paymentConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishable_key: z.string().nullable(),
  currency: z.literal('usd'),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;
export const paymentConfigResponseSchema = envelope(paymentConfigSchema);

/**
 * POST payment/intent (SPEC.md: amount in cents, product = the token title). We also take
 * user_credit_token_id, which names the plan unambiguously; the title is used only when it is missing.
 */
export const paymentIntentBodySchema = z
  .object({
    amount: numberInput(
      'amount must be a number of cents.',
      z
        .number()
        .int('amount must be a whole number of cents.')
        .min(1, 'amount must be at least 1 cent.')
        .max(MAX_CENTS, 'amount is too large.'),
    ),
    product: singleLine(z.string().trim().max(200, 'product is too long.')).optional(),
    user_credit_token_id: planIdSchema.optional(),
    // "Have a code?": amount is then the price less the code's discount, which the server works out.
    promo_code: promoCodeField,
    // Buys the package for someone else: the recipient is mailed a code on the delivery date.
    gift: giftRequestSchema.optional(),
  })
  .refine((body) => body.user_credit_token_id !== undefined || (body.product ?? '') !== '', {
    message: 'Name the plan: user_credit_token_id or product.',
    path: ['user_credit_token_id'],
  });
export type PaymentIntentBody = z.output<typeof paymentIntentBodySchema>;

export const paymentIntentSchema = z.object({
  payment_id: z.string(),
  clientSecret: z.string(),
  amount: z.number().int(),
  currency: z.literal('usd'),
});
/** SPEC.md clients read `clientSecret` at the top; ours read `data`. */
export const paymentIntentResponseSchema = envelope(paymentIntentSchema).extend({ clientSecret: z.string() });

/** SPEC.md "User payment": the admin list's row without the user, plus the provider's payment id. */
export const userPaymentSchema = paymentSchema
  .omit({ user: true, refunded_by: true })
  .extend({ payment_id: z.string() });
export type UserPayment = z.infer<typeof userPaymentSchema>;
export const userPaymentPageResponseSchema = envelope(paginated(userPaymentSchema));

/** POST one-time-payment (SPEC.md): records a succeeded payment intent and grants its tokens once. */
export const oneTimePaymentBodySchema = z.object({
  user_credit_token_id: planIdSchema,
  amount: usdSchema,
  payment_id: providerIdSchema('payment_id'),
  number_token: tokenCountSchema,
});
export type OneTimePaymentBody = z.output<typeof oneTimePaymentBodySchema>;

export const grantResultSchema = z.object({
  // false when this payment had been recorded before: nothing was granted twice.
  granted: z.boolean(),
  payment: userPaymentSchema,
  balance: z.number().int(),
});
export const oneTimePaymentResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: grantResultSchema,
});

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;

export const userSubscriptionSchema = z.object({
  id: z.number().int(),
  token_plan: z.object({ id: z.number().int(), token_title: z.string(), token_credit: z.number().int() }),
  subscription_id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** A renewal's payment failed: since when, until it is paid or the membership ends. */
  past_due_since: z.string().nullable(),
  /** When the card is tried again; null when no retry is planned. */
  next_payment_attempt: z.string().nullable(),
  /** While past due: from then on, bookings with credits are refused until the card pays. */
  bookings_blocked_from: z.string().nullable(),
  /** A pause of billing: from the renewal it starts at to the renewal that charges again. */
  paused_from: z.string().nullable(),
  paused_until: z.string().nullable(),
  /** The USD cents of each period. */
  amount: z.number().int(),
  /** A move to a cheaper plan, waiting for the next renewal; null when none is planned. */
  scheduled_change: scheduledPlanChangeSchema.nullable(),
  created_at: z.string(),
});
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;
export const userSubscriptionListResponseSchema = envelope(z.array(userSubscriptionSchema));
export const userSubscriptionResponseSchema = envelope(userSubscriptionSchema);

/** POST update-subscription-card/{id}: the new card; a past-due renewal is tried with it at once. */
export const updateSubscriptionCardBodySchema = z.object({
  payment_method: providerIdSchema('payment_method'),
});
export type UpdateSubscriptionCardBody = z.infer<typeof updateSubscriptionCardBodySchema>;

const PAUSE_MONTHS_MESSAGE = 'Choose a pause of 1 to 3 billing months.';
const pauseMonthsSchema = numberInput(
  PAUSE_MONTHS_MESSAGE,
  z
    .number(PAUSE_MONTHS_MESSAGE)
    .int(PAUSE_MONTHS_MESSAGE)
    .min(1, PAUSE_MONTHS_MESSAGE)
    .max(3, PAUSE_MONTHS_MESSAGE),
);
const pauseReasonSchema = singleLine(
  z
    .string('Give the reason.')
    .trim()
    .min(1, 'Give the reason.')
    .max(500, 'The reason can be at most 500 characters.'),
);

/** POST pause-subscription/{id}: billing months without charge, from the next renewal. */
export const pauseSubscriptionBodySchema = z.object({ months: pauseMonthsSchema });
export type PauseSubscriptionBody = z.infer<typeof pauseSubscriptionBodySchema>;
/** An administrator pauses for a learner, with the reason the audit log keeps. */
export const adminPauseSubscriptionBodySchema = pauseSubscriptionBodySchema.extend({
  reason: pauseReasonSchema,
});
export const adminResumeSubscriptionBodySchema = z.object({ reason: pauseReasonSchema });

/** POST subscription (SPEC.md): a card payment method and the plan; the server prices it. */
export const subscriptionBodySchema = z.object({
  payment_method: providerIdSchema('payment_method'),
  user_credit_token_id: planIdSchema,
  amount: usdSchema,
  number_token: tokenCountSchema,
});
export type SubscriptionBody = z.output<typeof subscriptionBodySchema>;

export const SUBSCRIPTION_RESULT_STATUSES = ['success', 'incomplete'] as const;
export const subscriptionResultSchema = z.object({
  status: z.enum(SUBSCRIPTION_RESULT_STATUSES),
  // Set when incomplete: the card needs authentication, confirmed in the browser with this secret.
  client_secret: z.string().nullable(),
  subscription: userSubscriptionSchema,
  granted: z.boolean(),
  balance: z.number().int(),
});
/** SPEC.md section 4 reads status and client_secret at the top; ours read `data`. */
export const subscriptionResponseSchema = z.object({
  status: z.enum(SUBSCRIPTION_RESULT_STATUSES),
  client_secret: z.string().nullable(),
  data: subscriptionResultSchema,
});

/** POST demo-gateway/payment-method: the demo gateway's card field (Stripe's createPaymentMethod). */
export const demoCardBodySchema = z.object({
  number: z
    .string({ error: MESSAGES.cardNumberIncomplete })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, MESSAGES.cardNumberIncomplete)
        .max(19, MESSAGES.cardNumberIncorrect)
        .regex(/^\d+$/, MESSAGES.cardNumberIncorrect),
    ),
  exp_month: numberInput(
    MESSAGES.cardExpiryIncomplete,
    z
      .number()
      .int(MESSAGES.cardExpiryIncomplete)
      .min(1, MESSAGES.cardExpiryMonthInvalid)
      .max(12, MESSAGES.cardExpiryMonthInvalid),
  ),
  exp_year: numberInput(
    MESSAGES.cardExpiryIncomplete,
    z
      .number()
      .int(MESSAGES.cardExpiryIncomplete)
      .min(0, MESSAGES.cardExpiryYearInvalid)
      .max(2200, MESSAGES.cardExpiryYearInvalid),
  ),
  cvc: z
    .string({ error: MESSAGES.cardCvcIncomplete })
    .trim()
    .regex(/^\d{3,4}$/, MESSAGES.cardCvcIncomplete),
});
export type DemoCardBody = z.input<typeof demoCardBodySchema>;
export const demoPaymentMethodResponseSchema = envelope(
  z.object({ id: z.string(), brand: z.string(), last4: z.string() }),
);

const clientSecretSchema = singleLine(z.string().trim().min(1, 'client_secret is required.').max(255));

/** POST demo-gateway/confirm-card-payment (Stripe's confirmCardPayment). */
export const demoConfirmBodySchema = z.object({
  client_secret: clientSecretSchema,
  // Omitted when confirming a subscription's first invoice, which already has the card.
  payment_method: providerIdSchema('payment_method').optional(),
});
/** POST demo-gateway/authenticate: the demo's stand-in for the bank's 3-D Secure page. */
export const demoAuthenticateBodySchema = z.object({
  client_secret: clientSecretSchema,
  approve: z.boolean({ error: 'approve must be true or false.' }),
});
/** Stripe's codes of a failed payment (last_payment_error.code), which say whether the bank's step failed. */
export const DEMO_ERROR_CODES = [
  'card_declined',
  'processing_error',
  'payment_intent_authentication_failure',
] as const;
export const demoIntentStateSchema = z.object({
  id: z.string(),
  status: z.enum(['requires_payment_method', 'requires_action', 'succeeded', 'canceled']),
  // The provider's message when the card was declined or authentication failed.
  error_message: z.string().nullable(),
  error_code: z.enum(DEMO_ERROR_CODES).nullable(),
});
export type DemoIntentState = z.infer<typeof demoIntentStateSchema>;
export const demoIntentStateResponseSchema = envelope(demoIntentStateSchema);
