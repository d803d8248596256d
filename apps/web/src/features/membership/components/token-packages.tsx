import { SimpleGrid } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import { useMembershipTokens } from '../api/get-membership-tokens';
import { packageDiscount, packagesOf } from '../utils/plans';
import { PlanCard } from './plan-card';
import { PlansState } from './plans-state';
import { SelectPlanButton } from './select-plan-button';

/** One card per token package (kind 'package') from `get-membership-token`, numbered 'Package N'. */
export function TokenPackages({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const t = useT();
  const { query, plans } = useMembershipTokens();
  const packages = packagesOf(plans ?? []);
  return (
    <PlansState query={query} plans={plans} count={packages.length} empty={t('membership.plans.noPackages')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {packages.map((plan, index) => {
          const label = t('membership.plan.packageNumber', { number: index + 1 });
          const discount = packageDiscount(plan, packages);
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              label={label}
              note={discount ? t('membership.plan.save', { percent: discount }) : undefined}
              highlighted={index === 2}
              headingLevel={headingLevel}
              action={<SelectPlanButton plan={plan} name={label} />}
            />
          );
        })}
      </SimpleGrid>
    </PlansState>
  );
}
