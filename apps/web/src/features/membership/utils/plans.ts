import type { TokenPlan } from '@tokenly/contract/token-plans';

// The server lists plans in their sort order; inactive ones are never offered.
const activeOnly = (plans: TokenPlan[]) => plans.filter((plan) => plan.active);

export const packagesOf = (plans: TokenPlan[]) => activeOnly(plans).filter((plan) => plan.kind === 'package');
export const membershipsOf = (plans: TokenPlan[]) =>
  activeOnly(plans).filter((plan) => plan.kind === 'membership');
/** The Conversation Club's monthly plan on sale (the first, should the school sell several). */
export const clubPlanOf = (plans: TokenPlan[]) => activeOnly(plans).find((plan) => plan.kind === 'club');

const PERIOD_NAMES: Record<number, { title: string; per: string }> = {
  1: { title: 'Monthly', per: 'month' },
  6: { title: '6-month', per: '6 months' },
  12: { title: 'Annual', per: 'year' },
};

export function membershipPeriod(plan: TokenPlan) {
  const months = plan.interval_months ?? 1;
  return PERIOD_NAMES[months] ?? { title: `${months}-month`, per: `${months} months` };
}

/**
 * The saving of a longer membership against paying monthly, rounded down to a multiple of 5 so the
 * claim stays true: 235 for 6 months against 6 x 47 saves 16.7%, shown as "saves over 15%" (SPEC.md 9).
 */
export function savingsOverMonthly(plan: TokenPlan, memberships: TokenPlan[]): number | null {
  const months = plan.interval_months ?? 1;
  const monthly = memberships.find((candidate) => candidate.interval_months === 1);
  if (!monthly || months <= 1) return null;
  const saving = (1 - plan.amount / (monthly.amount * months)) * 100;
  const rounded = Math.floor(saving / 5) * 5;
  return rounded > 0 ? rounded : null;
}

/**
 * A package's discount per token against the first (smallest) package, to the nearest 5%:
 * 8 tokens for 50 against 4 for 28 is 10.7%, shown as "Save 10%" (SPEC.md section 9).
 */
export function packageDiscount(plan: TokenPlan, packages: TokenPlan[]): number | null {
  const base = packages[0];
  if (!base || base.id === plan.id || base.token_credit <= 0 || plan.token_credit <= 0) return null;
  const basePerToken = base.amount / base.token_credit;
  const saving = (1 - plan.amount / plan.token_credit / basePerToken) * 100;
  const rounded = Math.round(saving / 5) * 5;
  return rounded > 0 ? rounded : null;
}
