import { SimpleGrid } from '@mantine/core';
import { Section } from '../../../components/ui/section';
import { useT } from '../../../lib/i18n';
import { useMembershipTokens } from '../api/get-membership-tokens';
import { clubPlanOf } from '../utils/plans';
import { PlanCard } from './plan-card';
import { PlansState } from './plans-state';
import { SelectPlanButton } from './select-plan-button';

/** The Conversation Club's monthly plan (kind 'club', SPEC.md section 9: 20 USD a month), sold as a subscription. */
function ClubPlan() {
  const t = useT();
  const { query, plans } = useMembershipTokens();
  const club = clubPlanOf(plans ?? []);
  return (
    <PlansState query={query} plans={plans} count={club ? 1 : 0} empty={t('membership.plans.noClub')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {club ? (
          <PlanCard plan={club} action={<SelectPlanButton plan={club} name={club.token_title} recurring />} />
        ) : null}
      </SimpleGrid>
    </PlansState>
  );
}

/** The Club's section of the membership and payment pages: what the Club is, and its plan. */
export function ClubSection() {
  const t = useT();
  return (
    <Section
      id="club"
      title={t('membership.formats.club.title')}
      description={t('membership.club.description')}
      bg="gray.0"
    >
      <ClubPlan />
    </Section>
  );
}
