import type { Paginated } from '@tokenly/contract/common';
import type {
  TokenPlan,
  TokenPlanAddBody,
  TokenPlanEditBody,
  TokenPlanKind,
} from '@tokenly/contract/token-plans';
import type { Database } from '../../db/client';
import type { TokenPlanRow } from '../../db/schema/token-plans';
import { AppError } from '../../lib/app-error';
import { centsToUsd, usdToCents } from '../../lib/money';
import { pageOffset, toPage } from '../../lib/pagination';
import {
  countTokenPlans,
  findActiveTokenPlan,
  findTokenPlan,
  insertTokenPlan,
  listActiveTokenPlans,
  listTokenPlans,
  updateTokenPlan,
} from './token-plans-repository';

const TOKEN_PLAN_NOT_FOUND = 'This token plan does not exist.';

function toTokenPlanDto(plan: TokenPlanRow): TokenPlan {
  return {
    id: plan.id,
    token_title: plan.tokenTitle,
    token_credit: plan.tokenCredit,
    token_expiry: plan.tokenExpiry,
    amount: centsToUsd(plan.amount),
    kind: plan.kind,
    interval_months: plan.intervalMonths,
    club_months: plan.clubMonths,
    active: plan.active,
  };
}

/**
 * A club plan's paid periods run the Club pass: it grants no tokens and brings no free club months of
 * its own (passes never mix with credits). Every other plan grants at least one token.
 */
function tokenTermsFor(
  kind: TokenPlanKind,
  body: Pick<TokenPlanEditBody, 'token_credit' | 'club_months'>,
): { tokenCredit: number; clubMonths: number } {
  if (kind === 'club') return { tokenCredit: 0, clubMonths: 0 };
  if (body.token_credit < 1) {
    const message = 'Token credit must be at least 1.';
    throw new AppError('VALIDATION', message, { token_credit: [message] });
  }
  return { tokenCredit: body.token_credit, clubMonths: body.club_months ?? 0 };
}

export function createTokenPlansService(db: Database) {
  return {
    /** Packages, memberships and the club plan on sale, in their display order (SPEC.md Home, Membership, Payment). */
    async listOnSale(): Promise<TokenPlan[]> {
      return (await listActiveTokenPlans(db)).map(toTokenPlanDto);
    },

    async getOnSale(id: number): Promise<TokenPlan> {
      const plan = await findActiveTokenPlan(db, id);
      if (!plan) throw new AppError('NOT_FOUND', 'This token plan does not exist or is no longer on sale.');
      return toTokenPlanDto(plan);
    },

    /** Admin list: every plan, retired ones included. */
    async list(page: number): Promise<Paginated<TokenPlan>> {
      const [rows, total] = await Promise.all([listTokenPlans(db, pageOffset(page)), countTokenPlans(db)]);
      return toPage(rows.map(toTokenPlanDto), total, page);
    },

    async get(id: number): Promise<TokenPlan> {
      const plan = await findTokenPlan(db, id);
      if (!plan) throw new AppError('NOT_FOUND', TOKEN_PLAN_NOT_FOUND);
      return toTokenPlanDto(plan);
    },

    async create(body: TokenPlanAddBody): Promise<TokenPlan> {
      // The table's rule: a membership or club plan renews every interval_months, a package never does.
      const interval = body.kind === 'club' ? (body.interval_months ?? 1) : (body.interval_months ?? null);
      if (body.kind === 'membership' && interval === null) {
        const message = 'A membership needs a billing period in months.';
        throw new AppError('VALIDATION', message, { interval_months: [message] });
      }
      const plan = await insertTokenPlan(db, {
        tokenTitle: body.token_title,
        ...tokenTermsFor(body.kind, body),
        tokenExpiry: body.token_expiry,
        amount: usdToCents(body.amount),
        kind: body.kind,
        intervalMonths: body.kind === 'package' ? null : interval,
        active: body.active ?? true,
      });
      return toTokenPlanDto(plan);
    },

    /**
     * Tokens already bought keep the expiry and count they were sold with; a new price applies to the
     * next checkout (running subscriptions keep the provider's price until renewed there).
     */
    async update(id: number, body: TokenPlanEditBody): Promise<TokenPlan> {
      const current = await findTokenPlan(db, id);
      if (!current) throw new AppError('NOT_FOUND', TOKEN_PLAN_NOT_FOUND);
      const terms = tokenTermsFor(current.kind, body);
      const plan = await updateTokenPlan(db, id, {
        tokenTitle: body.token_title,
        tokenCredit: terms.tokenCredit,
        tokenExpiry: body.token_expiry,
        ...(body.amount === undefined ? {} : { amount: usdToCents(body.amount) }),
        ...(body.active === undefined ? {} : { active: body.active }),
        ...(body.club_months === undefined ? {} : { clubMonths: terms.clubMonths }),
      });
      if (!plan) throw new AppError('NOT_FOUND', TOKEN_PLAN_NOT_FOUND);
      return toTokenPlanDto(plan);
    },
  };
}

export type TokenPlansService = ReturnType<typeof createTokenPlansService>;
