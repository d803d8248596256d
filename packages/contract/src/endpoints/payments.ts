import { z } from 'zod';
import {
  adminPauseSubscriptionBodySchema,
  adminResumeSubscriptionBodySchema,
  demoAuthenticateBodySchema,
  demoCardBodySchema,
  demoConfirmBodySchema,
  demoIntentStateResponseSchema,
  demoPaymentMethodResponseSchema,
  oneTimePaymentBodySchema,
  oneTimePaymentResponseSchema,
  pauseSubscriptionBodySchema,
  paymentConfigResponseSchema,
  paymentIntentBodySchema,
  paymentIntentResponseSchema,
  subscriptionBodySchema,
  subscriptionResponseSchema,
  updateSubscriptionCardBodySchema,
  userPaymentPageResponseSchema,
  userSubscriptionListResponseSchema,
  userSubscriptionResponseSchema,
} from '../checkout.ts';
import { idParamSchema, pageQuerySchema } from '../common.ts';
import {
  billingDetailsBodySchema,
  billingDetailsResponseSchema,
  invoicePdfSchema,
  invoiceResponseSchema,
} from '../invoices.ts';
import {
  adminCancelSubscriptionBodySchema,
  adminSubscriptionPageResponseSchema,
  adminSubscriptionsQuerySchema,
  changePlanBodySchema,
  planChangePreviewQuerySchema,
  planChangePreviewResponseSchema,
} from '../memberships.ts';
import {
  adminPaymentPageResponseSchema,
  adminPaymentsQuerySchema,
  paymentFiltersSchema,
  paymentReceiptResponseSchema,
  refundBodySchema,
  refundPreviewResponseSchema,
  refundResponseSchema,
} from '../payments.ts';
import { promoCodeCheckBodySchema, promoQuoteResponseSchema } from '../promo-codes.ts';
import { type EndpointSpec, NOT_FOUND_OWN } from './spec.ts';

export const paymentsEndpoints = {
  adminPayments: {
    method: 'GET',
    path: 'get-payment-list',
    auth: 'admin',
    tag: 'admin: payments',
    summary:
      'Payments of every learner, newest first, 15 a page; amount in USD; filtered, with the totals of every match',
    errors: {},
    query: adminPaymentsQuerySchema,
    response: { 200: adminPaymentPageResponseSchema },
  },

  adminPaymentsCsv: {
    method: 'GET',
    path: 'get-payment-list.csv',
    auth: 'admin',
    tag: 'admin: payments',
    summary:
      'Every payment the filters match as CSV (RFC 4180, UTF-8, USD with two decimals, ISO 8601 instants)',
    errors: {},
    mediaType: 'text/csv',
    query: paymentFiltersSchema,
    response: { 200: z.string() },
  },

  adminInvoice: {
    method: 'GET',
    path: 'admin-invoice/:id',
    auth: 'admin',
    tag: 'admin: payments',
    summary: "Any learner's invoice or credit note: number, seller, buyer, amounts with VAT (USD), card",
    errors: { 404: 'No such invoice.' },
    params: idParamSchema,
    response: { 200: invoiceResponseSchema },
  },

  adminInvoicePdf: {
    method: 'GET',
    path: 'admin-invoice/:id/pdf',
    auth: 'admin',
    tag: 'admin: payments',
    summary: "Any learner's invoice or credit note as a PDF file",
    errors: { 404: 'No such invoice.' },
    mediaType: 'application/pdf',
    params: idParamSchema,
    response: { 200: invoicePdfSchema },
  },

  adminPaymentRefundPreview: {
    method: 'GET',
    path: 'admin-payment/:id/refund-preview',
    auth: 'admin',
    tag: 'admin: payments',
    summary:
      'What refunding a payment would do: what remains refundable, the credits used and unused, the suggested (pro rata) amount and the balance after',
    errors: { 404: 'No such payment.' },
    params: idParamSchema,
    response: { 200: refundPreviewResponseSchema },
  },

  adminPauseSubscription: {
    method: 'POST',
    path: 'admin-subscription/:id/pause',
    auth: 'admin',
    tag: 'admin: payments',
    summary: "Pause a learner's membership from its next renewal, with the reason",
    errors: { 404: 'No such subscription.', 409: 'The membership is not running or already paused.' },
    params: idParamSchema,
    body: adminPauseSubscriptionBodySchema,
    response: { 200: userSubscriptionResponseSchema },
  },

  adminResumeSubscription: {
    method: 'POST',
    path: 'admin-subscription/:id/resume',
    auth: 'admin',
    tag: 'admin: payments',
    summary: "End a learner's planned or running pause now, with the reason",
    errors: { 404: 'No such subscription.', 409: 'The membership is not paused.' },
    params: idParamSchema,
    body: adminResumeSubscriptionBodySchema,
    response: { 200: userSubscriptionResponseSchema },
  },

  adminCancelSubscription: {
    method: 'POST',
    path: 'admin-subscription/:id/cancel',
    auth: 'admin',
    tag: 'admin: payments',
    summary: "Stop renewing a learner's membership at the end of its paid period, with the reason",
    errors: { 404: 'No such subscription.', 409: 'The subscription has already ended.' },
    params: idParamSchema,
    body: adminCancelSubscriptionBodySchema,
    response: { 200: userSubscriptionResponseSchema },
  },

  adminSubscriptions: {
    method: 'GET',
    path: 'admin-subscriptions',
    auth: 'admin',
    tag: 'admin: payments',
    summary:
      'Every subscription, 15 a page, by state (active, paused, past due, cancelling, ended), learner, plan and next charge',
    errors: {},
    query: adminSubscriptionsQuerySchema,
    response: { 200: adminSubscriptionPageResponseSchema },
  },

  adminPaymentRefund: {
    method: 'POST',
    path: 'admin-payment/:id/refund',
    auth: 'admin',
    tag: 'admin: payments',
    summary:
      'Refund a payment in full or in part through the payment provider; the unused credits of its lot are removed in the same transaction',
    errors: {
      404: 'No such payment.',
      409: 'The payment did not succeed or has nothing left to refund.',
      422: 'Also when the amount is above what remains refundable.',
      503: 'The payment provider could not be reached; nothing was refunded.',
    },
    params: idParamSchema,
    body: refundBodySchema,
    response: { 200: refundResponseSchema },
  },

  promoCodeCheck: {
    method: 'POST',
    path: 'promo-code/check',
    auth: 'user',
    tag: 'payments',
    summary:
      'What a promo code takes off a package for the signed-in learner: the price, discount and amount to pay',
    errors: {
      404: 'No such package on sale.',
      422: 'Also when the code is unknown, inactive, outside its dates, not for this package or learner, or used up.',
    },
    readOnly: true,
    body: promoCodeCheckBodySchema,
    response: { 200: promoQuoteResponseSchema },
    rateLimited: true,
  },

  paymentConfig: {
    method: 'GET',
    path: 'payment-config',
    auth: 'public',
    tag: 'payments',
    summary: "Which gateway runs (demo or stripe) and Stripe's publishable key for Stripe.js",
    errors: {},
    response: { 200: paymentConfigResponseSchema },
  },

  paymentIntent: {
    method: 'POST',
    path: 'payment/intent',
    auth: 'user',
    tag: 'payments',
    summary:
      "Start a one-time card payment; amount (cents) must be the plan's price, less promo_code's discount when one is sent",
    errors: {
      404: 'No such plan on sale.',
      422: "Also when amount is not the plan's price after the code's discount, or the code cannot be used.",
    },
    body: paymentIntentBodySchema,
    response: { 200: paymentIntentResponseSchema },
    rateLimited: true,
  },

  oneTimePayment: {
    method: 'POST',
    path: 'one-time-payment',
    auth: 'user',
    tag: 'payments',
    summary:
      'Record a succeeded payment intent and grant its tokens, checked with the gateway; once per payment',
    errors: {
      402: 'The payment has not succeeded (declined, or not yet paid).',
      404: 'No such payment of the learner, or its plan no longer exists.',
      422: 'Also when amount, plan or number_token do not match the payment.',
    },
    body: oneTimePaymentBodySchema,
    response: { 200: oneTimePaymentResponseSchema },
  },

  subscription: {
    method: 'POST',
    path: 'subscription',
    auth: 'user',
    tag: 'payments',
    summary:
      'Subscribe with a card payment method; success, or incomplete with a client_secret for 3-D Secure',
    errors: {
      402: 'The card was declined.',
      404: 'No such plan on sale.',
      409: 'Already subscribed to this plan, or a subscription to it is being set up.',
    },
    body: subscriptionBodySchema,
    response: { 200: subscriptionResponseSchema },
  },

  confirmSubscription: {
    method: 'POST',
    path: 'confirm-subscription/:id',
    auth: 'user',
    tag: 'payments',
    summary: 'After 3-D Secure: read the subscription from the gateway and grant its paid invoice',
    errors: { 404: NOT_FOUND_OWN },
    params: idParamSchema,
    response: { 200: subscriptionResponseSchema },
  },

  userSubscriptions: {
    method: 'GET',
    path: 'get-user-subscriptions',
    auth: 'user',
    tag: 'payments',
    summary: "The learner's subscriptions, newest first",
    errors: {},
    response: { 200: userSubscriptionListResponseSchema },
  },

  cancelSubscription: {
    method: 'POST',
    path: 'cancel-subscription/:id',
    auth: 'user',
    tag: 'payments',
    summary: 'Stop renewing an own subscription; the paid period runs to its end',
    errors: { 404: NOT_FOUND_OWN, 409: 'The subscription has already ended.' },
    params: idParamSchema,
    response: { 200: userSubscriptionResponseSchema },
  },

  updateSubscriptionCard: {
    method: 'POST',
    path: 'update-subscription-card/:id',
    auth: 'user',
    tag: 'payments',
    summary:
      'Change the card an own membership renews with; a past-due renewal is tried with it at once (402 when that card is refused too)',
    errors: {
      402: 'The new card was refused; the membership stays past due.',
      404: NOT_FOUND_OWN,
      409: 'The subscription has already ended.',
    },
    params: idParamSchema,
    body: updateSubscriptionCardBodySchema,
    response: { 200: userSubscriptionResponseSchema },
  },

  pauseSubscription: {
    method: 'POST',
    path: 'pause-subscription/:id',
    auth: 'user',
    tag: 'payments',
    summary:
      "Pause an own membership from its next renewal for 1 to 3 billing months (the school's limits): nothing charged, no tokens granted",
    errors: {
      404: NOT_FOUND_OWN,
      409: 'Pausing is off, the limit of pauses a year is reached, or the membership is not running or already paused.',
    },
    params: idParamSchema,
    body: pauseSubscriptionBodySchema,
    response: { 200: userSubscriptionResponseSchema },
  },

  resumeSubscription: {
    method: 'POST',
    path: 'resume-subscription/:id',
    auth: 'user',
    tag: 'payments',
    summary: 'End an own planned or running pause now: the next renewal charges again',
    errors: { 404: NOT_FOUND_OWN, 409: 'The membership is not paused.' },
    params: idParamSchema,
    response: { 200: userSubscriptionResponseSchema },
  },

  planChangePreview: {
    method: 'GET',
    path: 'change-subscription-plan/:id/preview',
    auth: 'user',
    tag: 'payments',
    summary:
      'What moving an own membership to another plan would charge and grant: a dearer plan now, pro rata to the cent; a cheaper one from the next renewal',
    errors: {
      404: 'No such item of the signed-in learner, or the plan is not on sale.',
      409: 'The membership is not running (paused, past due, set to end) or a change is already planned.',
      422: 'The plan is not a membership billed at the same interval, or is the current one.',
    },
    params: idParamSchema,
    query: planChangePreviewQuerySchema,
    response: { 200: planChangePreviewResponseSchema },
  },

  changeSubscriptionPlan: {
    method: 'POST',
    path: 'change-subscription-plan/:id',
    auth: 'user',
    tag: 'payments',
    summary:
      'Move an own membership to another plan as the preview said: a dearer plan charges the difference and grants the extra credits now; a cheaper one starts at the next renewal',
    errors: {
      402: 'The card was refused for the charge; nothing changed.',
      404: 'No such item of the signed-in learner, or the plan is not on sale.',
      409: 'The membership is not running, a change is already planned, or the preview is out of date (look again).',
      422: 'The plan is not a membership billed at the same interval, or is the current one.',
    },
    params: idParamSchema,
    body: changePlanBodySchema,
    response: { 200: userSubscriptionResponseSchema },
  },

  userPayments: {
    method: 'GET',
    path: 'get-user-payment-list',
    auth: 'user',
    tag: 'payments',
    summary: "The learner's payments, newest first, 15 a page; amount in USD",
    errors: {},
    query: pageQuerySchema,
    response: { 200: userPaymentPageResponseSchema },
  },

  userPaymentReceipt: {
    method: 'GET',
    path: 'user-payment-receipt/:id',
    auth: 'user',
    tag: 'payments',
    summary: 'A receipt of one own payment: school, date, plan, amount (USD, VAT included), tokens, expiry',
    errors: { 404: NOT_FOUND_OWN },
    params: idParamSchema,
    response: { 200: paymentReceiptResponseSchema },
  },

  userBillingDetails: {
    method: 'GET',
    path: 'user-billing-details',
    auth: 'user',
    tag: 'payments',
    summary: "The learner's billing details for invoices (name or company, address, country, VAT number)",
    errors: {},
    response: { 200: billingDetailsResponseSchema },
  },

  userBillingDetailsSave: {
    method: 'PUT',
    path: 'user-billing-details',
    auth: 'user',
    tag: 'payments',
    summary: "Save the learner's billing details; they appear on invoices issued from then on",
    errors: {},
    body: billingDetailsBodySchema,
    response: { 200: billingDetailsResponseSchema },
  },

  userInvoice: {
    method: 'GET',
    path: 'user-invoice/:id',
    auth: 'user',
    tag: 'payments',
    summary: 'One own invoice or credit note: number, seller, buyer, amounts with VAT (USD), card',
    errors: { 404: NOT_FOUND_OWN },
    params: idParamSchema,
    response: { 200: invoiceResponseSchema },
  },

  userInvoicePdf: {
    method: 'GET',
    path: 'user-invoice/:id/pdf',
    auth: 'user',
    tag: 'payments',
    summary: 'One own invoice or credit note as a PDF file',
    errors: { 404: NOT_FOUND_OWN },
    mediaType: 'application/pdf',
    params: idParamSchema,
    response: { 200: invoicePdfSchema },
  },

  // Signed by the provider, not by a session; the raw body is verified before anything is read.
  stripeWebhook: {
    method: 'POST',
    path: 'stripe/webhook',
    auth: 'public',
    tag: 'payments',
    summary: 'Stripe events, signature-verified, each applied once',
    errors: {
      400: 'The Stripe-Signature header does not verify.',
      503: 'The event could not be applied now; Stripe retries it.',
    },
    response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
  },

  // The demo gateway's stand-ins for Stripe.js calls; registered only when no Stripe keys are set.
  demoPaymentMethod: {
    method: 'POST',
    path: 'demo-gateway/payment-method',
    auth: 'user',
    tag: 'payments: demo gateway',
    summary: "Check a Stripe test card and keep it as a payment method (Stripe's createPaymentMethod)",
    errors: {},
    body: demoCardBodySchema,
    response: { 200: demoPaymentMethodResponseSchema },
  },

  demoConfirmCardPayment: {
    method: 'POST',
    path: 'demo-gateway/confirm-card-payment',
    auth: 'user',
    tag: 'payments: demo gateway',
    summary: "Charge an own payment intent with a card (Stripe's confirmCardPayment)",
    errors: { 404: 'No such payment of the learner.' },
    body: demoConfirmBodySchema,
    response: { 200: demoIntentStateResponseSchema },
  },

  demoAuthenticate: {
    method: 'POST',
    path: 'demo-gateway/authenticate',
    auth: 'user',
    tag: 'payments: demo gateway',
    summary: 'Approve or fail the 3-D Secure step of an own payment',
    errors: { 404: 'No such payment of the learner.' },
    body: demoAuthenticateBodySchema,
    response: { 200: demoIntentStateResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
