import type { TokenPlan } from '@tokenly/contract/token-plans';
import { describe, expect, it } from 'vitest';
import { clubPlanOf, membershipsOf, packageDiscount, packagesOf, savingsOverMonthly } from './plans';

const plan = (
  id: number,
  kind: TokenPlan['kind'],
  credit: number,
  amount: number,
  months: number | null = null,
) =>
  ({
    id,
    token_title: `Plan ${id}`,
    token_credit: credit,
    token_expiry: 90,
    amount,
    kind,
    interval_months: months,
    club_months: 0,
    active: true,
  }) satisfies TokenPlan;

// SPEC.md section 9.
const packages = [
  plan(1, 'package', 4, 28),
  plan(2, 'package', 8, 50),
  plan(3, 'package', 12, 70),
  plan(4, 'package', 16, 90),
];
const memberships = [
  plan(5, 'membership', 8, 47, 1),
  plan(6, 'membership', 48, 235, 6),
  plan(7, 'membership', 96, 450, 12),
];

describe('plan helpers', () => {
  it('finds the club plan on sale apart from packages and memberships', () => {
    const club = plan(9, 'club', 0, 20, 1);
    const all = [...packages, ...memberships, { ...plan(10, 'club', 0, 25, 1), active: false }, club];
    expect(clubPlanOf(all)?.id).toBe(9);
    expect(packagesOf(all).map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(membershipsOf(all).map((p) => p.id)).toEqual([5, 6, 7]);
    expect(clubPlanOf([...packages, { ...club, active: false }])).toBeUndefined();
  });

  it('splits packages from memberships and drops inactive plans', () => {
    const all = [...packages, ...memberships, { ...plan(8, 'package', 1, 5), active: false }];
    expect(packagesOf(all).map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(membershipsOf(all).map((p) => p.id)).toEqual([5, 6, 7]);
  });

  it('shows the package discounts of SPEC.md (10%, 15%, 20%)', () => {
    expect(packages.map((p) => packageDiscount(p, packages))).toEqual([null, 10, 15, 20]);
  });

  it('shows the membership savings of SPEC.md ("saves over 15%", "over 20%")', () => {
    expect(memberships.map((p) => savingsOverMonthly(p, memberships))).toEqual([null, 15, 20]);
  });
});
