import { SimpleGrid } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import { useMembershipTokens } from '../api/get-membership-tokens';
import { clubPlanOf } from '../utils/plans';
import { PlanCard } from './plan-card';
import { PlansState } from './plans-state';
import { SelectPlanButton } from './select-plan-button';

/** The Conversation Club's monthly plan (kind 'club', SPEC.md section 9: 20 USD a month), sold as a subscription. */
export function ClubPlan({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const t = useT();
  const { query, plans } = useMembershipTokens();
  const club = clubPlanOf(plans ?? []);
  return (
    <PlansState query={query} plans={plans} count={club ? 1 : 0} empty={t('membership.plans.noClub')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {club ? (
          <PlanCard
            plan={club}
            headingLevel={headingLevel}
            action={<SelectPlanButton plan={club} name={club.token_title} recurring />}
          />
        ) : null}
      </SimpleGrid>
    </PlansState>
  );
}
