import type { TokenPlan } from '@tokenly/contract/token-plans';
import type { Database } from '../../db/client';
import type { TokenPlanRow } from '../../db/schema/token-plans';
import { AppError } from '../../lib/app-error';
import { centsToUsd } from '../../lib/money';
import { findActiveTokenPlan, listActiveTokenPlans } from './token-plans-repository';

function toTokenPlanDto(plan: TokenPlanRow): TokenPlan {
  return {
    id: plan.id,
    token_title: plan.tokenTitle,
    token_credit: plan.tokenCredit,
    token_expiry: plan.tokenExpiry,
    amount: centsToUsd(plan.amount),
    kind: plan.kind,
    interval_months: plan.intervalMonths,
    active: plan.active,
  };
}

export function createTokenPlansService(db: Database) {
  return {
    /** Packages and memberships on sale, in their display order (SPEC.md Home, Membership, Payment). */
    async listOnSale(): Promise<TokenPlan[]> {
      return (await listActiveTokenPlans(db)).map(toTokenPlanDto);
    },

    async getOnSale(id: number): Promise<TokenPlan> {
      const plan = await findActiveTokenPlan(db, id);
      if (!plan) throw new AppError('NOT_FOUND', 'This token plan does not exist or is no longer on sale.');
      return toTokenPlanDto(plan);
    },
  };
}

export type TokenPlansService = ReturnType<typeof createTokenPlansService>;
