import { z } from 'zod';
import {
  DAY_RANGE_ORDER,
  dayRangeInOrder,
  envelope,
  idInput,
  isoDateInput,
  isoDateTimeInput,
  numberInput,
  pageQuerySchema,
  paginated,
  singleLine,
} from './common.ts';

// Changing a membership's plan, and the administrator's list of subscriptions (docs/payments.md).

const planRefSchema = z.object({
  id: z.number().int(),
  token_title: z.string(),
  token_credit: z.number().int(),
  /** USD cents of each period. */
  amount: z.number().int(),
});

/** A downgrade waiting for the next renewal: the plan, price and credits that renewal starts. */
export const scheduledPlanChangeSchema = z.object({
  token_plan: planRefSchema,
  takes_effect_at: z.string(),
});
export type ScheduledPlanChange = z.infer<typeof scheduledPlanChangeSchema>;

export const PLAN_CHANGE_KINDS = ['upgrade', 'downgrade'] as const;

const planIdInput = idInput('user_credit_token_id must be a plan id.');
const quotedAtInput = isoDateTimeInput(
  'quoted_at must be the time the preview gave, such as 2026-05-01T10:00:00Z.',
);

/** GET change-subscription-plan/{id}/preview: the plan to move to. */
export const planChangePreviewQuerySchema = z.object({ user_credit_token_id: planIdInput });

/**
 * What moving to another plan does, to the cent: a dearer plan starts now, charging the difference for
 * the rest of the period and granting the difference in credits at once; a cheaper one starts at the
 * next renewal, charging and granting nothing now.
 */
export const planChangePreviewSchema = z.object({
  kind: z.enum(PLAN_CHANGE_KINDS),
  from_plan: planRefSchema,
  to_plan: planRefSchema,
  /** USD cents charged at once (0 for a downgrade). */
  charge_now: z.number().int(),
  /** Credits granted at once (0 for a downgrade). */
  credits_now: z.number().int(),
  /** When the new plan starts: now for an upgrade, the next renewal for a downgrade. */
  takes_effect_at: z.string(),
  /** The renewal after the change: its date, its price (USD cents) and the credits it grants. */
  next_charge: z.object({ at: z.string(), amount: z.number().int(), credits: z.number().int() }),
  /** The instant the figures were worked out for; confirming with it charges exactly `charge_now`. */
  quoted_at: z.string(),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;
export const planChangePreviewResponseSchema = envelope(planChangePreviewSchema);

/** POST change-subscription-plan/{id}: the preview's plan, instant and charge, as the learner saw them. */
export const changePlanBodySchema = z.object({
  user_credit_token_id: planIdInput,
  quoted_at: quotedAtInput,
  charge_now: numberInput(
    'charge_now must be the charge the preview gave, in cents.',
    z.number().int('charge_now must be whole cents.').min(0, 'charge_now cannot be negative.'),
  ),
});
export type ChangePlanBody = z.output<typeof changePlanBodySchema>;

/** How the administrator's list names where a subscription stands. */
export const SUBSCRIPTION_STATES = ['active', 'paused', 'past_due', 'cancelling', 'ended'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** GET admin-subscriptions: `learner` matches a part of the name or email; next charge days inclusive. */
export const adminSubscriptionsQuerySchema = pageQuerySchema
  .extend({
    state: z.enum(SUBSCRIPTION_STATES).optional(),
    learner: singleLine(z.string().trim().max(100)).optional(),
    plan_id: idInput('plan_id must be a whole number from 1.').optional(),
    from: isoDateInput.optional(),
    to: isoDateInput.optional(),
  })
  .refine(dayRangeInOrder, DAY_RANGE_ORDER);
export type AdminSubscriptionsQuery = z.output<typeof adminSubscriptionsQuerySchema>;

export const adminSubscriptionSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  token_plan: z.object({ id: z.number().int(), token_title: z.string() }),
  state: z.enum(SUBSCRIPTION_STATES),
  /** USD cents of each period. */
  amount: z.number().int(),
  /** The next renewal (the end of the paid period); null once ended. */
  next_charge_at: z.string().nullable(),
  current_period_end: z.string().nullable(),
  paused_from: z.string().nullable(),
  paused_until: z.string().nullable(),
  past_due_since: z.string().nullable(),
  created_at: z.string(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;
export const adminSubscriptionPageResponseSchema = envelope(paginated(adminSubscriptionSchema));

/** POST admin-subscription/{id}/cancel: no renewal after the paid period, with the reason the audit log keeps. */
export const adminCancelSubscriptionBodySchema = z.object({
  reason: singleLine(
    z
      .string('Give the reason.')
      .trim()
      .min(1, 'Give the reason.')
      .max(500, 'The reason can be at most 500 characters.'),
  ),
});
