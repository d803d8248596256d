import { SimpleGrid } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import { useMembershipTokens } from '../api/get-membership-tokens';
import { membershipsOf, savingsOverMonthly } from '../utils/plans';
import { PlanCard } from './plan-card';
import { PlansState } from './plans-state';
import { SelectPlanButton } from './select-plan-button';

/** The recurring memberships (kind 'membership'): monthly, 6-month and annual in SPEC.md section 9. */
export function MembershipPlans({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const t = useT();
  const { query, plans } = useMembershipTokens();
  const memberships = membershipsOf(plans ?? []);
  return (
    <PlansState
      query={query}
      plans={plans}
      count={memberships.length}
      empty={t('membership.plans.noMemberships')}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {memberships.map((plan) => {
          const saving = savingsOverMonthly(plan, memberships);
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              note={saving ? t('membership.plan.savesOver', { percent: saving }) : undefined}
              highlighted={plan.interval_months === 12}
              headingLevel={headingLevel}
              action={<SelectPlanButton plan={plan} name={plan.token_title} recurring />}
            />
          );
        })}
      </SimpleGrid>
    </PlansState>
  );
}
